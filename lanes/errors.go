package lanes

import (
	"errors"
	"strconv"
)

var (
	// ErrUnknownKernel is returned, wrapped with the name, when Select or
	// LANEHASH_KERNEL names a kernel that does not exist for the hash
	// function on this GOARCH.
	ErrUnknownKernel = errors.New("unknown kernel")

	// ErrUnavailable is returned, wrapped with the name and the missing
	// CPU features, when the named kernel exists but this CPU (or its
	// operating system) cannot run it.
	ErrUnavailable = errors.New("kernel unavailable on this CPU")

	// ErrConflict is returned, wrapped, when names contradict each
	// other: LANEHASH_KERNEL names two different kernels of one hash
	// function, or Select is asked for a hash function with the name of
	// another one's kernel (which also wraps ErrUnknownKernel).
	ErrConflict = errors.New("contradicting kernel names")

	// ErrUnknownFeature is returned, wrapped in an *EnvError, when
	// LANEHASH_HIDE names a CPU feature no lanehash kernel needs on any
	// GOARCH: a typo would otherwise hide nothing and go unnoticed.
	ErrUnknownFeature = errors.New("unknown CPU feature")

	// ErrUnknownSetting is returned, wrapped in an *EnvError, when
	// LANEHASH_CALIBRATE has a value other than on, off or persist.
	ErrUnknownSetting = errors.New("unknown setting")

	// ErrEnv matches (errors.Is) every *EnvError: any of lanes'
	// environment variables holds a value it cannot honour.
	ErrEnv = errors.New("invalid lanes environment variable")
)

// EnvError reports an environment variable of package lanes
// (LANEHASH_KERNEL, LANEHASH_HIDE, LANEHASH_CALIBRATE) whose value
// cannot be honoured. Select returns it rather than running with part of
// the setting ignored: a benchmark or a test that believes it forced a
// kernel, hid a feature or switched calibration off must not run
// something else. errors.Is matches it with ErrEnv and with the cause
// it wraps (ErrUnknownKernel, ErrUnavailable, ErrConflict,
// ErrUnknownFeature, ErrUnknownSetting).
type EnvError struct {
	// Var is the variable's name, Value its whole value.
	Var, Value string
	// Err is the cause, naming the offending entry.
	Err error
}

// Error names the variable, its value and the cause.
func (e *EnvError) Error() string {
	return "lanes: " + e.Var + "=" + strconv.Quote(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *EnvError) Unwrap() error { return e.Err }

// Is makes every EnvError match ErrEnv.
func (e *EnvError) Is(target error) bool { return target == ErrEnv }
