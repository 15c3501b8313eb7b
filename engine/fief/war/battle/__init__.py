"""Phase 7: Battles (7.0-7.9), with Cavalcades (5.2-5.3) and Sallies (7.9) fought by the same rules.

In import order (each module imports only those before it): dice.py, the battle die and dice from
Strength Points; losses.py, which allotments of hits are legal (7.5); sides.py, who fights with
what and whose walls stand between them; captives.py, nobles taken or slain (7.6); siege.py,
sieges (7.9); endings.py, how a battle is closed (7.8) and the winner's spoils (7.2); fight.py,
the round loop (declaring, the volleys, losses, the choices after each round).
"""
