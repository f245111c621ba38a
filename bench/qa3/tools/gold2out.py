#!/usr/bin/env python3
"""Turn a gold file into a pipeline-style output (articulacao tree) so that
score.py(gold->out, gold) can be checked to give perfect figures."""
import json
import sys


def build(gold):
    nodes = {}
    roots = []
    # groupings: nest by id prefix, attach articles to the deepest grouping open at that point
    gnodes = []
    for g in gold["groupings"]:
        n = {"id": g["id"], "type": g["type"], "number": g["number"], "title": g["title"],
             "text": "", "children": []}
        gnodes.append((g, n))
    first = {}
    for g, n in gnodes:
        first.setdefault(g["first_article"], []).append((g, n))
    stack = []
    for u in gold["units"]:
        i = u["id"].replace("_cpt", "")
        n = {"id": u["id"], "type": u["type"], "number": u["number"], "text": u["text"],
             "children": []}
        nodes[i] = n
        if u["type"] == "artigo":
            for g, gn in first.get(u["number"], []):
                while stack and not g["id"].startswith(stack[-1][0]["id"] + "_"):
                    stack.pop()
                (stack[-1][1]["children"] if stack else roots).append(gn)
                stack.append((g, gn))
            (stack[-1][1]["children"] if stack else roots).append(n)
        else:
            parent = nodes.get(i.rsplit("_", 1)[0])
            (parent["children"] if parent else roots).append(n)
    return {"norm": gold["norm"], "articulacao": roots}


if __name__ == "__main__":
    g = json.load(open(sys.argv[1], encoding="utf-8"))
    json.dump(build(g), sys.stdout, ensure_ascii=False, indent=1)
