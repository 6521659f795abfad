"""The differential fuzzer's parts (Scripts/differential_fuzz.py): the perturbation catalogue and the adapter client."""
