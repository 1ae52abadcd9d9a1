# Generates scenarios/default.json: a small meeting engagement on a 6'x4' table, 15mm basing
# (NW Basing: foot and cavalry 1"x1", artillery 1.5"x1", generals 1"x1").
import json, math
IN = 25.4
W, D = 72 * IN, 48 * IN
def circle(cx, cy, rx, ry, n=20, wobble=0.0):
    return [[round(cx + rx * math.cos(2*math.pi*i/n) * (1 + wobble*math.sin(3*i)), 1),
             round(cy + ry * math.sin(2*math.pi*i/n) * (1 + wobble*math.cos(2*i)), 1)] for i in range(n)]
terrain = [
  {"id": "hill-1", "kind": "hill", "name": "Windmill Hill", "polygon": circle(560, 560, 260, 170, 24, 0.06), "heightLevel": 1,
   "crest": [[420, 560], [560, 545], [700, 560]], "props": {"class": "gentle"}},
  {"id": "wood-1", "kind": "wood", "name": "Oakley Wood", "polygon": circle(1380, 430, 190, 130, 20, 0.1), "props": {"class": "light", "blocksSight": True}},
  {"id": "road-1", "kind": "road", "name": "Great Road", "line": [[0, 760], [500, 720], [1000, 640], [1400, 650], [W, 700]], "widthMm": 30, "props": {}},
  {"id": "stream-1", "kind": "stream", "name": "Aldern Brook", "line": [[980, 0], [1020, 300], [960, 640], [1050, 900], [1010, D]], "widthMm": 22, "props": {"class": "obstacle"}},
  {"id": "village-1", "kind": "village", "name": "Aldern", "polygon": [[1060, 560], [1220, 560], [1220, 690], [1060, 690]], "props": {"class": "dense", "blocksSight": True}},
]
FOOT = {"widthMm": 25.4, "depthMm": 25.4}
CAV = {"widthMm": 25.4, "depthMm": 25.4}
ART = {"widthMm": 38.1, "depthMm": 25.4}
def unit(uid, name, side, parent, arm, troop, quality, x, y, face, n, base, formation="line", ranks=None, extra=None):
    u = {"id": uid, "name": name, "side": side, "parent": parent, "arm": arm, "troopType": troop, "quality": quality,
         "formation": formation, "at": {"x": x, "y": y, "facingDeg": face}, "stands": [dict(base, figures=f) for f in [4 if arm == "infantry" else 2 if arm == "cavalry" else 3] * n]}
    if ranks: u["ranks"] = ranks
    if extra: u["extra"] = extra
    return u
units = [
  # Brigades stand close about their brigadiers, inside a medium-scale command radius.
  unit("fr-1-45", "1/45e Ligne", "fr", "fr-bde-1", "infantry", "line-infantry", "veteran", 520, 1050, -90, 6, FOOT),
  unit("fr-2-45", "2/45e Ligne", "fr", "fr-bde-1", "infantry", "line-infantry", "trained", 680, 1050, -90, 6, FOOT, "column", 2),
  unit("fr-7-leg", "7e Léger", "fr", "fr-bde-1", "infantry", "light-infantry", "veteran", 840, 1050, -90, 4, FOOT),
  unit("fr-3-huss", "3e Hussards", "fr", "fr-cav", "cavalry", "light-cavalry", "veteran", 1300, 1080, -90, 4, CAV),
  unit("fr-art-1", "6/1er Artillerie à pied", "fr", "fr-bde-1", "artillery", "foot-artillery", "veteran", 640, 990, -90, 2, ART),
  unit("au-ir4-1", "IR 4 Hoch- und Deutschmeister (I)", "au", "au-bde-1", "infantry", "line-infantry", "trained", 560, 200, 90, 6, FOOT),
  unit("au-ir4-2", "IR 4 Hoch- und Deutschmeister (II)", "au", "au-bde-1", "infantry", "line-infantry", "trained", 720, 200, 90, 6, FOOT, "column", 2),
  unit("au-gz-1", "Grenz IR 1", "au", "au-bde-1", "infantry", "light-infantry", "trained", 880, 200, 90, 4, FOOT),
  unit("au-drag-3", "Dragoner 3", "au", "au-cav", "cavalry", "heavy-cavalry", "veteran", 1450, 160, 90, 4, CAV),
  unit("au-art-1", "Brigade Battery 6pdr", "au", "au-bde-1", "artillery", "foot-artillery", "trained", 640, 260, 90, 2, ART),
]
doc = {
  "$schema": "./scenario.schema.json",
  "format": "vedette-scenario", "version": 1, "id": "aldern-mill", "title": "The Mill at Aldern",
  "description": "A French advance guard meets an Austrian brigade at the crossing of the Aldern brook, 1809. A small meeting engagement for learning the table.",
  "rulesets": ["napoleonic-warfare"],
  "table": {"widthMm": round(W, 1), "depthMm": round(D, 1), "metresPerMm": 2.5},
  "turnLimit": 12,
  "terrain": terrain,
  "sides": [
    {"id": "fr", "name": "French Advance Guard", "nationality": "French", "colour": "#2b4c9b", "deploymentZone": [[0, 900], [W, 900], [W, D], [0, D]]},
    {"id": "au", "name": "Austrian Brigade Mayer", "nationality": "Austrian", "colour": "#e9e4d4", "deploymentZone": [[0, 0], [W, 0], [W, 320], [0, 320]]},
  ],
  "formations": [
    {"id": "fr-div", "name": "Division Legrand", "side": "fr", "level": "division"},
    {"id": "fr-bde-1", "name": "Brigade Ledru", "side": "fr", "level": "brigade", "parent": "fr-div"},
    {"id": "fr-cav", "name": "Light Cavalry Brigade", "side": "fr", "level": "brigade", "parent": "fr-div"},
    {"id": "au-div", "name": "Division Hohenfeld", "side": "au", "level": "division"},
    {"id": "au-bde-1", "name": "Brigade Mayer", "side": "au", "level": "brigade", "parent": "au-div"},
    {"id": "au-cav", "name": "Cavalry Brigade Rohan", "side": "au", "level": "brigade", "parent": "au-div"},
  ],
  "generals": [
    {"id": "gen-legrand", "name": "Général Legrand", "side": "fr", "commands": "fr-div", "at": {"x": 1000, "y": 1150, "facingDeg": -90}, "base": {"widthMm": 25.4, "depthMm": 25.4}, "extra": {"cinc": True}},
    {"id": "gen-ledru", "name": "Général de brigade Ledru", "side": "fr", "commands": "fr-bde-1", "at": {"x": 680, "y": 1130, "facingDeg": -90}, "base": {"widthMm": 25.4, "depthMm": 25.4}},
    {"id": "gen-colbert", "name": "Général de brigade Colbert", "side": "fr", "commands": "fr-cav", "at": {"x": 1300, "y": 1160, "facingDeg": -90}, "base": {"widthMm": 25.4, "depthMm": 25.4}},
    {"id": "gen-hohenfeld", "name": "FML Hohenfeld", "side": "au", "commands": "au-div", "at": {"x": 1050, "y": 70, "facingDeg": 90}, "base": {"widthMm": 25.4, "depthMm": 25.4}, "extra": {"cinc": True}},
    {"id": "gen-mayer", "name": "GM Mayer", "side": "au", "commands": "au-bde-1", "at": {"x": 720, "y": 110, "facingDeg": 90}, "base": {"widthMm": 25.4, "depthMm": 25.4}},
    {"id": "gen-rohan", "name": "GM Rohan", "side": "au", "commands": "au-cav", "at": {"x": 1450, "y": 80, "facingDeg": 90}, "base": {"widthMm": 25.4, "depthMm": 25.4}},
  ],
  "units": units,
  "victory": [{"kind": "ruleset", "description": "The ruleset's own victory conditions."}, {"kind": "hold", "terrain": "village-1", "description": "Hold Aldern at the end of the battle."}],
}
with open("scenarios/default.json", "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
