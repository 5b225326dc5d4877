print("signals-bench: coming")
