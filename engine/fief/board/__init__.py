"""The family board's powers (11.0-13.2): Mercenary Crossbowmen, relics and Excalibur."""
