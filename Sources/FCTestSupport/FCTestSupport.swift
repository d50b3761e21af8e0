// FCTestSupport: the fakes and launchers tests and benchmarks share (test clock, stub transport, loopback server).
