"""Edge cases of the families' readings that no committed vector reaches: a server table's category named "" is a
match like any other name (graph-error.server-table.names: a name other than other or transient is recoverable), and
a nonce vector's description names each character by its Unicode or control name, never a wrong or empty one.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen import graph_error, login_configuration  # noqa: E402


class ServerTableReadingTest(unittest.TestCase):
    def category(self, name: str, table_code: int = 4) -> str:
        """The ios-sdk category of error 4 (subcode 7) under a table naming `name` for `table_code` and subcode 7,
        and transient for `table_code` and any other subcode (code+subcode is looked up before code+*)."""
        table = [{"name": name, "items": [{"code": table_code, "subcodes": [7]}]},
                 {"name": "transient", "items": [{"code": table_code}]}]
        reading = graph_error._table_reading({"body": {"error": {"code": 4, "error_subcode": 7}},
                                              "serverCategories": table, "requestUsedCurrentToken": True}, "ios-sdk")
        assert isinstance(reading, tuple), reading
        return str(reading[0]["category"])

    def test_a_category_named_empty_is_a_match(self) -> None:
        self.assertEqual(self.category(""), "recoverable")
        self.assertEqual(self.category("throttled"), "recoverable")
        self.assertEqual(self.category("other"), "other")

    def test_no_entry_is_the_default_tables_category(self) -> None:
        self.assertEqual(self.category("", table_code=5), "other")


class CharacterNameTest(unittest.TestCase):
    def test_named_and_control_characters(self) -> None:
        self.assertEqual(login_configuration._character_name("\u2028"), "LINE SEPARATOR")
        self.assertEqual(login_configuration._character_name("\t"), "CHARACTER TABULATION")
        self.assertEqual(login_configuration._character_name("\u0085"), "NEXT LINE")

    def test_a_character_without_a_name_stops_the_generator(self) -> None:
        with self.assertRaisesRegex(ValueError, "no name for U\\+0001"):
            login_configuration._character_name("\u0001")


if __name__ == "__main__":
    unittest.main()
