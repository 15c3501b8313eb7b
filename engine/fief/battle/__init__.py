"""Phase 7: Battles (7.0-7.8), with Cavalcades (5.2-5.3) and Sallies (7.9) fought by the same rules.

dice.py: the battle die and dice from Strength Points; losses.py: which allotments of hits are legal
(7.5); fight.py: declaring a battle and the battle round (projectiles, melee); endings.py: every way a
battle ends (7.8), captives (7.6) and the winner's spoils (7.2).
"""
