"""The crown and Phase 1 (9.0-9.3, 13.1, 13.3): crowning, elections, Parliament, the Garter, marriages, deals, the Abbess (2.13) and the Royal Stronghold (4.9)."""
