"""Phase 2 (2.0-2.15): the decks, disasters, Fortune, Characters, Retainers and Carrier Pigeons."""
