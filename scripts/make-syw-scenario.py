#!/usr/bin/env python3
"""Generate scenarios/seven-years-war-kolin-ridge.json: a small Seven Years War 2.4 battle.
Prussians (attacker) against Austrians; 40mm frontage bases with SYW depths (p.4).
Table 180 x 120 cm. Prussians deploy at the top (y small), facing down (+90 deg)."""
import json, os

W, D = 1800.0, 1200.0

def stands(n, depth):
    return [{"widthMm": 40, "depthMm": depth} for _ in range(n)]

def unit(uid, name, side, parent, arm, ttype, x, y, facing, n, depth, ranks=1, extra=None, quality="normal", nat="Prussian"):
    return {"id": uid, "name": name, "side": side, "parent": parent, "arm": arm, "troopType": ttype,
            "quality": quality, "nationality": nat, "formation": "line", "ranks": ranks,
            "at": {"x": x, "y": y, "facingDeg": facing}, "stands": stands(n, depth), "extra": extra or {}}

P, A = 90, -90
units = [
    # Prussians (side "prussia"), facing down the table.
    unit("pr-inf-1", "IR 15 Garde (I)", "prussia", "pr-inf", "infantry", "medium-infantry", 700, 350, P, 4, 15, 2, {"drill": "well", "morale": "high"}, "high"),
    unit("pr-inf-2", "IR 15 Garde (II)", "prussia", "pr-inf", "infantry", "medium-infantry", 790, 350, P, 4, 15, 2, {"drill": "well"}),
    unit("pr-gren", "Grenadier Bn Manteuffel", "prussia", "pr-inf", "infantry", "heavy-infantry", 1100, 350, P, 4, 15, 2, {"drill": "well", "morale": "high"}, "high"),
    unit("pr-art", "12pdr Battery", "prussia", "pr-inf", "artillery", "heavy-artillery", 950, 330, P, 1, 40),
    unit("pr-cav-1", "Kuirassier Rgt Seydlitz", "prussia", "pr-cav", "cavalry", "heavy-cavalry", 400, 300, P, 3, 30, 1, {"morale": "high"}, "high"),
    unit("pr-hus", "Hussar Rgt Zieten", "prussia", "pr-cav", "cavalry", "light-cavalry-a", 1400, 300, P, 3, 30),
    # Austrians (side "austria"), facing up the table.
    unit("au-inf-1", "IR Kaiser", "austria", "au-inf", "infantry", "medium-infantry", 700, 850, A, 4, 15, 2, nat="Austrian"),
    unit("au-inf-2", "IR Harrach", "austria", "au-inf", "infantry", "medium-infantry", 1100, 850, A, 4, 15, 2, nat="Austrian"),
    unit("au-gren", "Grenadier Bn", "austria", "au-inf", "infantry", "heavy-infantry", 900, 870, A, 4, 15, 2, {"morale": "high"}, "high", nat="Austrian"),
    unit("au-grenz", "Grenzer Bn Karlstadt", "austria", "au-inf", "infantry", "light-infantry", 1300, 750, A, 3, 20, 1, {"morale": "high"}, "high", nat="Austrian"),
    unit("au-art", "6pdr Battery", "austria", "au-inf", "artillery", "medium-artillery", 900, 800, A, 1, 40, nat="Austrian"),
    unit("au-kuir", "Kuirassier Rgt Anhalt-Zerbst", "austria", "au-cav", "cavalry", "heavy-cavalry", 400, 900, A, 3, 30, nat="Austrian"),
]

def circle(cx, cy, r, n=16, sx=1.0, sy=1.0):
    import math
    return [[round(cx + r * sx * math.cos(2 * math.pi * i / n), 1), round(cy + r * sy * math.sin(2 * math.pi * i / n), 1)] for i in range(n)]

terrain = [
    {"id": "hill-1", "kind": "hill", "name": "Krzeczhorz ridge", "polygon": circle(900, 880, 150, 16, 1.6, 0.6), "heightLevel": 1,
     "crest": [[700, 880], [900, 870], [1100, 880]], "props": {"sywType": 0}},
    {"id": "wood-1", "kind": "wood", "name": "Oak wood", "polygon": circle(1500, 600, 90), "props": {"sywType": 2}},
    {"id": "village-1", "kind": "village", "name": "Chotzemitz", "polygon": [[250, 560], [400, 560], [400, 660], [250, 660]], "props": {"sywType": 3, "cover": "soft"}},
]

scenario = {
    "$schema": "./scenario.schema.json",
    "format": "vedette-scenario",
    "version": 1,
    "id": "syw-kolin-ridge",
    "title": "The Ridge at Krzeczhorz (Seven Years War)",
    "description": "A Prussian advance guard attacks an Austrian line holding a low ridge, 1757. A small battle for Seven Years War 2.4.",
    "rulesets": ["seven-years-war"],
    "table": {"widthMm": W, "depthMm": D, "metresPerMm": 1.0},
    "turnLimit": 10,
    "terrain": terrain,
    "sides": [
        {"id": "prussia", "name": "Prussians", "nationality": "Prussian", "colour": "#1f3a93", "deploymentZone": [[0, 0], [W, 0], [W, 450], [0, 450]]},
        {"id": "austria", "name": "Austrians", "nationality": "Austrian", "colour": "#e8e4d8", "deploymentZone": [[0, 750], [W, 750], [W, D], [0, D]]},
    ],
    "formations": [
        {"id": "pr-army", "name": "Prussian army", "side": "prussia", "level": "army"},
        {"id": "pr-inf", "name": "Infantry brigade", "side": "prussia", "level": "brigade", "parent": "pr-army"},
        {"id": "pr-cav", "name": "Cavalry brigade", "side": "prussia", "level": "brigade", "parent": "pr-army"},
        {"id": "au-army", "name": "Austrian army", "side": "austria", "level": "army"},
        {"id": "au-inf", "name": "Infantry brigade", "side": "austria", "level": "brigade", "parent": "au-army"},
        {"id": "au-cav", "name": "Cavalry brigade", "side": "austria", "level": "brigade", "parent": "au-army"},
    ],
    "generals": [
        {"id": "pr-cinc", "name": "Frederick", "side": "prussia", "commands": "pr-army", "at": {"x": 900, "y": 200, "facingDeg": P}, "base": {"widthMm": 40, "depthMm": 40}, "extra": {"cinc": True}},
        {"id": "pr-gen-inf", "name": "Hülsen", "side": "prussia", "commands": "pr-inf", "at": {"x": 850, "y": 290, "facingDeg": P}, "base": {"widthMm": 40, "depthMm": 40}},
        {"id": "pr-gen-cav", "name": "Zieten", "side": "prussia", "commands": "pr-cav", "at": {"x": 400, "y": 230, "facingDeg": P}, "base": {"widthMm": 40, "depthMm": 40}},
        {"id": "au-cinc", "name": "Daun", "side": "austria", "commands": "au-army", "at": {"x": 900, "y": 1050, "facingDeg": A}, "base": {"widthMm": 40, "depthMm": 40}, "extra": {"cinc": True}},
        {"id": "au-gen-inf", "name": "Sincere", "side": "austria", "commands": "au-inf", "at": {"x": 1000, "y": 950, "facingDeg": A}, "base": {"widthMm": 40, "depthMm": 40}},
        {"id": "au-gen-cav", "name": "Nadasdy", "side": "austria", "commands": "au-cav", "at": {"x": 400, "y": 980, "facingDeg": A}, "base": {"widthMm": 40, "depthMm": 40}},
    ],
    "units": units,
    "victory": [{"kind": "ruleset", "description": "Seven Years War house victory: break point 50% of points lost, or no troops in good order (RULINGS.md)."}],
    "rulesetFields": {"seven-years-war": {
        "groups": [{"id": "pr-garde", "units": ["pr-inf-1", "pr-inf-2"]}],
        "attacker": "prussia",
    }},
}

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "scenarios", "seven-years-war-kolin-ridge.json")
with open(out, "w", encoding="utf-8") as f:
    json.dump(scenario, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(out)
