package main

import (
	"encoding/binary"

	"github.com/lanehash/lanehash/ssz"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// The values of the libssz suite (-suite libssz): the shapes of the
// benchmark definitions of lambdaclass/libssz's "use Keccak-256 instead
// of SHA-256" branch (benches/benches/hash_tree_root.rs and merkle.rs,
// benches/src/fixtures.rs), rebuilt as Go types with SSZ tags. The values
// follow the same recipes (a seed spread over 8-byte words, every third
// bit of a bitlist set, every other bit of a bitvector), so that both
// libraries hash trees of the same shape and similar content; where the
// Rust types leave a choice to the library (a Vec with no limit), the
// choice is documented at the type and in docs/research.md.

// seedWords fills b with 8-byte little-endian words seed·mul + i, the
// recipe of the suite's roots and keys.
func seedWords(b []byte, seed, mul uint64) {
	for i := 0; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], seed*mul+uint64(i/8))
	}
}

// suiteValidator is the suite's validator of seed: keys and credentials
// from the seed, 32 ETH, slashed on odd seeds, the far-future exit.
func suiteValidator(seed uint64) phase0.Validator {
	v := phase0.Validator{
		WithdrawalCredentials:      make([]byte, 32),
		EffectiveBalance:           32_000_000_000,
		Slashed:                    seed&1 == 1,
		ActivationEligibilityEpoch: phase0.Epoch(seed),
		ActivationEpoch:            phase0.Epoch(seed + 1),
		ExitEpoch:                  ^phase0.Epoch(0),
		WithdrawableEpoch:          ^phase0.Epoch(0),
	}
	seedWords(v.Pubkey[:], seed, 1)
	seedWords(v.WithdrawalCredentials, seed, 31)
	return v
}

func suiteHeader(seed uint64) phase0.BeaconBlockHeader {
	h := phase0.BeaconBlockHeader{Slot: phase0.Slot(seed), ProposerIndex: phase0.ValidatorIndex(seed * 3)}
	seedWords(h.ParentRoot[:], seed, 1)
	seedWords(h.StateRoot[:], seed, 7)
	seedWords(h.BodyRoot[:], seed, 13)
	return h
}

func suiteFork() phase0.Fork {
	return phase0.Fork{PreviousVersion: phase0.Version{0, 0, 0, 0}, CurrentVersion: phase0.Version{1, 0, 0, 0}, Epoch: 100}
}

func suiteCheckpoint(seed uint64) phase0.Checkpoint {
	c := phase0.Checkpoint{Epoch: phase0.Epoch(seed)}
	seedWords(c.Root[:], seed, 17)
	return c
}

func suiteEth1Data(seed uint64) phase0.Eth1Data {
	e := phase0.Eth1Data{DepositCount: seed * 5}
	seedWords(e.DepositRoot[:], seed, 11)
	seedWords(e.BlockHash[:], seed, 23)
	return e
}

func suiteAttestationData(seed uint64) phase0.AttestationData {
	src, tgt := suiteCheckpoint(seed), suiteCheckpoint(seed+1)
	d := phase0.AttestationData{Slot: phase0.Slot(seed), Index: phase0.CommitteeIndex(seed * 3), Source: &src, Target: &tgt}
	seedWords(d.BeaconBlockRoot[:], seed, 29)
	return d
}

// bitlistBytes is the SSZ form of a bitlist of n bits with every step-th
// bit set: the bits, then the delimiter bit at position n.
func bitlistBytes(n, step int) []byte {
	b := make([]byte, n/8+1)
	for i := 0; i < n; i += step {
		b[i/8] |= 1 << (i % 8)
	}
	b[n/8] |= 1 << (n % 8)
	return b
}

// bitvectorBytes is a bitvector of n bits (n a multiple of 8) with every
// other bit set.
func bitvectorBytes(n int) []byte {
	b := make([]byte, n/8)
	for i := 0; i < n; i += 2 {
		b[i/8] |= 1 << (i % 8)
	}
	return b
}

func suitePendingAttestation(seed uint64) phase0.PendingAttestation {
	d := suiteAttestationData(seed)
	return phase0.PendingAttestation{AggregationBits: bitlistBytes(2048, 3), Data: &d, InclusionDelay: phase0.Slot(seed + 1), ProposerIndex: phase0.ValidatorIndex(seed * 7)}
}

// seedRoot is a root whose four words are seed, seed+1, seed+2, seed+3.
func seedRoot(seed uint64) (r phase0.Root) {
	seedWords(r[:], seed, 1)
	return r
}

// suiteState is the suite's phase0 BeaconState of n validators: the full
// mainnet vectors (8192 block and state roots, 65536 RANDAO mixes, 8192
// slashings), 16 historical roots, 16 Eth1 votes, 16 pending attestations
// of each epoch, balances of 32 ETH.
func suiteState(n int) *phase0.BeaconState {
	fork, header, eth1 := suiteFork(), suiteHeader(999), suiteEth1Data(0)
	prev, cur, fin := suiteCheckpoint(99), suiteCheckpoint(100), suiteCheckpoint(98)
	s := &phase0.BeaconState{
		GenesisTime: 1606824023, GenesisValidatorsRoot: seedRoot(42), Slot: 1000,
		Fork: &fork, LatestBlockHeader: &header, ETH1Data: &eth1, ETH1DepositIndex: 1000,
		BlockRoots: make([]phase0.Root, 8192), StateRoots: make([]phase0.Root, 8192),
		RANDAOMixes: make([]phase0.Root, 65536), Slashings: make([]phase0.Gwei, 8192),
		Validators: make([]*phase0.Validator, n), Balances: make([]phase0.Gwei, n),
		JustificationBits:           [1]byte{0b0011},
		PreviousJustifiedCheckpoint: &prev, CurrentJustifiedCheckpoint: &cur, FinalizedCheckpoint: &fin,
	}
	for i := range s.BlockRoots {
		s.BlockRoots[i] = seedRoot(uint64(i))
		s.StateRoots[i] = seedRoot(uint64(i) + 10000)
	}
	for i := range s.RANDAOMixes {
		s.RANDAOMixes[i] = seedRoot(uint64(i) + 30000)
	}
	for i := 0; i < 16; i++ {
		s.HistoricalRoots = append(s.HistoricalRoots, seedRoot(uint64(i)+20000))
		e := suiteEth1Data(uint64(i))
		s.ETH1DataVotes = append(s.ETH1DataVotes, &e)
		p, c := suitePendingAttestation(uint64(i)), suitePendingAttestation(uint64(i)+100)
		s.PreviousEpochAttestations = append(s.PreviousEpochAttestations, &p)
		s.CurrentEpochAttestations = append(s.CurrentEpochAttestations, &c)
	}
	vals := make([]phase0.Validator, n)
	for i := range vals {
		vals[i] = suiteValidator(uint64(i))
		s.Validators[i] = &vals[i]
		s.Balances[i] = 32_000_000_000
	}
	return s
}

// The wrappers: a container of one field has that field's root (one
// chunk is its own root), so a wrapper's plan and the reference root the
// field itself, while plan.PlanFor takes only structs.

type (
	boolBox struct{ V bool }
	u8Box   struct{ V uint8 }
	u16Box  struct{ V uint16 }
	u32Box  struct{ V uint32 }
	u64Box  struct{ V uint64 }
	u128Box struct {
		V [16]byte `ssz-type:"uint128"`
	}
	bytes32Box struct{ V [32]byte }
)

// vec_u64: the Rust Vec<u64> of n elements, read as Vector[uint64, n]
// (list_u64 is the list); see docs/research.md.
type (
	vecU64x100 struct {
		V []uint64 `ssz-size:"100"`
	}
	vecU64x1000 struct {
		V []uint64 `ssz-size:"1000"`
	}
	vecU64x100000 struct {
		V []uint64 `ssz-size:"100000"`
	}
)

// list_u64: List[uint64, 1048576].
type listU64 struct {
	V []uint64 `ssz-max:"1048576"`
}

// vector_bytes32: Vector[Bytes32, N].
type (
	vecRoot100 struct {
		V []phase0.Root `ssz-size:"100,32"`
	}
	vecRoot1000 struct {
		V []phase0.Root `ssz-size:"1000,32"`
	}
)

// list_validator: List[Validator, 1048576].
type listValidator struct {
	V []phase0.Validator `ssz-max:"1048576"`
}

// The bitfields.
type (
	bitlist64 struct {
		V []byte `ssz:"bitlist" ssz-max:"64"`
	}
	bitlist2048 struct {
		V []byte `ssz:"bitlist" ssz-max:"2048"`
	}
	bitlist4096 struct {
		V []byte `ssz:"bitlist" ssz-max:"4096"`
	}
	bitvector64 struct {
		V []byte `ssz-type:"bitvector" ssz-bitsize:"64"`
	}
	bitvector512 struct {
		V []byte `ssz-type:"bitvector" ssz-bitsize:"512"`
	}
	bitvector4096 struct {
		V []byte `ssz-type:"bitvector" ssz-bitsize:"4096"`
	}
)

// nested_container: {header, validators, extra}. The Rust type's
// validators are a Vec merkleized with no limit (padded to the next power
// of two) and mixed in with their length: List[Validator, L] with L the
// next power of two of n gives that root.
type (
	nested10 struct {
		Header     phase0.BeaconBlockHeader
		Validators []phase0.Validator `ssz-max:"16"`
		Extra      uint64
	}
	nested100 struct {
		Header     phase0.BeaconBlockHeader
		Validators []phase0.Validator `ssz-max:"128"`
		Extra      uint64
	}
	nested1000 struct {
		Header     phase0.BeaconBlockHeader
		Validators []phase0.Validator `ssz-max:"1024"`
		Extra      uint64
	}
)

// variable_container: {fixed u64, var bytes, fixed bytes32, var u64s}.
// The Rust Vec fields have no limit; as for nested_container, the limit
// is the smallest power of two of chunks that holds the row's data.
type (
	variable100 struct {
		FixedField  uint64
		VarField    []byte `ssz-max:"128"`
		FixedField2 [32]byte
		VarField2   []uint64 `ssz-max:"128"`
	}
	variable1000 struct {
		FixedField  uint64
		VarField    []byte `ssz-max:"1024"`
		FixedField2 [32]byte
		VarField2   []uint64 `ssz-max:"1024"`
	}
	variable10000 struct {
		FixedField  uint64
		VarField    []byte `ssz-max:"16384"`
		FixedField2 [32]byte
		VarField2   []uint64 `ssz-max:"16384"`
	}
)

// benchUnion is Union[uint64, Bytes32, BeaconBlockHeader, List[byte, 256]]
// (the Rust enum's variable-bytes option has no limit; 256 bytes is the
// row's length, so the limit is the row's own chunk count).
type benchUnion = ssz.Union[struct {
	U64      uint64
	Bytes32  [32]byte
	Header   phase0.BeaconBlockHeader
	VarBytes []byte `ssz-max:"256"`
}]

// unionBox wraps a union for plan.PlanFor, as the other boxes do.
type unionBox struct{ V benchUnion }

func suiteUnion(variant int) unionBox {
	switch variant {
	case 0:
		return unionBox{benchUnion{Selector: 0, Value: uint64(0xDEADBEEF)}}
	case 1:
		var b [32]byte
		binary.LittleEndian.PutUint64(b[:], 42)
		return unionBox{benchUnion{Selector: 1, Value: b}}
	case 2:
		return unionBox{benchUnion{Selector: 2, Value: suiteHeader(99)}}
	}
	v := make([]byte, 256)
	for i := range v {
		v[i] = 0xAB
	}
	return unionBox{benchUnion{Selector: 3, Value: v}}
}

func countUp(n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(i)
	}
	return s
}

func countRoots(n int) []phase0.Root {
	s := make([]phase0.Root, n)
	for i := range s {
		binary.LittleEndian.PutUint64(s[i][:], uint64(i))
	}
	return s
}

func suiteValidators(n int) []phase0.Validator {
	s := make([]phase0.Validator, n)
	for i := range s {
		s[i] = suiteValidator(uint64(i))
	}
	return s
}

func filled(n int, b byte) []byte {
	s := make([]byte, n)
	for i := range s {
		s[i] = b
	}
	return s
}
