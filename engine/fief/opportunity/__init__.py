"""The Fortune Opportunity cards (10.0-10.5, 11.2, 11.3): Rebellion, Passage, Assassination, Justice, Ambush."""
