print("rxleaks: the scenario catalogue is not built yet")
