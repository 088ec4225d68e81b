package compare

import (
	_ "github.com/attestantio/go-eth2-client/spec/phase0"
	_ "github.com/ferranbt/fastssz"
	_ "github.com/karalabe/ssz"
	_ "github.com/minio/sha256-simd"
	_ "github.com/pk910/dynamic-ssz"
	_ "github.com/prysmaticlabs/gohashtree"
)
