"""The differential fuzzer's parts (Scripts/interop/differential_fuzz.py): the perturbation catalogue and the adapter client."""
