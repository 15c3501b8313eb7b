"""Everything that talks to people: the table service, the Discord adapter, the local table."""
