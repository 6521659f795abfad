"""The `greeting` test family in the Python reference adapter (Examples/PythonAdapter/families/greeting.py once
dropped there, which the adapter finds without an edit): a non-empty name is greeted exactly as given, the empty name
refused. AddingAFamilySlowTests drops it into a scratch copy of the repository with the family's other files."""

FAMILY = "greeting"


def answer(inp, profile):
    """greeting family: {"result": "greeting", "text": "Hello, <name>!"}, or the empty name refused. The same in
    every profile."""
    name = inp["name"]
    if name == "":
        return {"result": "refused", "reason": "emptyName"}
    return {"result": "greeting", "text": "Hello, " + name + "!"}
