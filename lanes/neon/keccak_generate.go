package neon

// The directive lives in a file for every GOARCH so that go generate on
// any development machine (amd64 included) rebuilds the arm64 assembly;
// the generator is a host program and checks its own output.

//go:generate go run keccak_arm64_gen.go -out keccak_arm64.s
