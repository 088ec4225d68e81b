//go:build !amd64 && !arm64

package cpufeat

// ID is unknown on GOARCHes without assembly kernels: there is nothing
// to choose between there but the pure-Go kernels.
var ID Identity
