"""How The Old King's Crown speaks to its table: :mod:`engine.okc.words.wording` (``OkcWords``, the
shared ``WORDS``), one module of tellers per area of the rules, the prompts, the private mat and the
thread's summaries (docs/okc-content.md)."""
