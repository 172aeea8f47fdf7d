// Package sandbox runs each script in a child process of the server, so
// that a runaway script costs one child and never the server.
//
// The child is the server's own executable, re-executed with the
// environment marker EnvChild; the server's entry point (runtime/server.Main)
// sees the marker before anything else starts and calls ChildMain. A child
// holds no catalog, no configuration and no secret (its environment is
// cleared): it runs the goja engine of runtime/script, and every tools
// operation of its script goes back to the server over a pipe, where the
// run's script.Host answers it, so validation, read-only mode,
// confirmation, cooldowns and the audit apply as to any call.
//
// The bounds are hard on Linux: the child caps its own address space
// (RLIMIT_AS) at its size at start plus Options.Memory and one heap arena,
// and gives the Go garbage collector Options.Memory as its budget, so an
// allocation past the cap kills the child (memory_limit); the server
// kills a child whose script has not answered by its timeout plus
// Options.Grace, even when the engine cannot interrupt it (timeout);
// Options.Concurrency bounds the children running scripts at once. Idle
// children are kept warm (Options.Warm) and reused only after a script
// that ended cleanly. On other systems scripts run in the server's
// process with the engine's approximate heap watchdog.
package sandbox
