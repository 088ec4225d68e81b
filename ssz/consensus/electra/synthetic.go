package electra

import (
	"math/rand/v2"

	"github.com/holiman/uint256"

	"github.com/lanehash/lanehash/ssz/consensus/altair"
	"github.com/lanehash/lanehash/ssz/consensus/bellatrix"
	"github.com/lanehash/lanehash/ssz/consensus/capella"
	"github.com/lanehash/lanehash/ssz/consensus/deneb"
	"github.com/lanehash/lanehash/ssz/consensus/internal/synth"
	"github.com/lanehash/lanehash/ssz/consensus/phase0"
)

// BlockShape says how much a synthetic block carries.
type BlockShape struct {
	Transactions int // opaque transactions of 100-1,500 random bytes
	Attestations int // at most 8, each with AggregationBitsLen bits
	// AggregationBitsLen is the length in bits of every attestation's
	// aggregation bits (at most 131,072).
	AggregationBitsLen int
	Withdrawals        int // at most 16
	BlobCommitments    int // at most 4,096
}

// MainnetBlockShape is a busy mainnet block: 200 transactions, 8
// attestations of 2,048 bits, 16 withdrawals and 6 blob commitments.
var MainnetBlockShape = BlockShape{Transactions: 200, Attestations: 8, AggregationBitsLen: 2048, Withdrawals: 16, BlobCommitments: 6}

// SyntheticSignedBeaconBlock returns a deterministic electra
// SignedBeaconBlock of the given shape with random contents drawn from
// seed; slashings, deposits, exits, BLS changes and execution requests
// are empty. Counts beyond a list's limit are cut to the limit.
func SyntheticSignedBeaconBlock(shape BlockShape, seed uint64) *SignedBeaconBlock {
	r := synth.New(seed, synth.StreamElectraBlock)
	shape.Attestations = min(max(shape.Attestations, 0), 8)
	shape.AggregationBitsLen = min(max(shape.AggregationBitsLen, 0), 131072)
	shape.Withdrawals = min(max(shape.Withdrawals, 0), 16)
	shape.BlobCommitments = min(max(shape.BlobCommitments, 0), 4096)
	shape.Transactions = min(max(shape.Transactions, 0), 1<<20)

	body := &BeaconBlockBody{
		ETH1Data:          &phase0.Eth1Data{DepositRoot: synth.Bytes32(r), DepositCount: r.Uint64N(1 << 21), BlockHash: synth.Bytes32(r)},
		Graffiti:          synth.Bytes32(r),
		SyncAggregate:     &altair.SyncAggregate{SyncCommitteeBits: make([]byte, 64)},
		ExecutionPayload:  syntheticPayload(r, shape),
		ExecutionRequests: &ExecutionRequests{},
	}
	synth.Fill(r, body.RANDAOReveal[:])
	synth.Fill(r, body.SyncAggregate.SyncCommitteeBits)
	synth.Fill(r, body.SyncAggregate.SyncCommitteeSignature[:])
	for range shape.Attestations {
		body.Attestations = append(body.Attestations, syntheticAttestation(r, shape.AggregationBitsLen))
	}
	for range shape.BlobCommitments {
		var c deneb.KZGCommitment
		synth.Fill(r, c[:])
		body.BlobKZGCommitments = append(body.BlobKZGCommitments, c)
	}
	b := &SignedBeaconBlock{Message: &BeaconBlock{
		Slot:          phase0.SyntheticSlot,
		ProposerIndex: phase0.ValidatorIndex(r.Uint64N(1 << 20)),
		ParentRoot:    synth.Bytes32(r),
		StateRoot:     synth.Bytes32(r),
		Body:          body,
	}}
	synth.Fill(r, b.Signature[:])
	return b
}

func syntheticPayload(r *rand.Rand, shape BlockShape) *deneb.ExecutionPayload {
	p := &deneb.ExecutionPayload{
		ParentHash:    synth.Bytes32(r),
		StateRoot:     synth.Bytes32(r),
		ReceiptsRoot:  synth.Bytes32(r),
		PrevRandao:    synth.Bytes32(r),
		BlockNumber:   23_000_000 + r.Uint64N(1_000_000),
		GasLimit:      45_000_000,
		GasUsed:       r.Uint64N(45_000_000),
		Timestamp:     1_790_000_000 + r.Uint64N(1_000_000),
		ExtraData:     []byte("lanehash synthetic"),
		BaseFeePerGas: uint256.NewInt(r.Uint64N(50_000_000_000)),
		BlockHash:     synth.Bytes32(r),
		Transactions:  make([]bellatrix.Transaction, shape.Transactions),
		BlobGasUsed:   131072 * uint64(shape.BlobCommitments),
		ExcessBlobGas: r.Uint64N(1 << 24),
	}
	synth.Fill(r, p.FeeRecipient[:])
	synth.Fill(r, p.LogsBloom[:])
	for i := range p.Transactions {
		tx := make(bellatrix.Transaction, 100+r.IntN(1401))
		synth.Fill(r, tx)
		p.Transactions[i] = tx
	}
	for i := range shape.Withdrawals {
		w := &capella.Withdrawal{
			Index:          capella.WithdrawalIndex(90_000_000 + uint64(i)),
			ValidatorIndex: phase0.ValidatorIndex(r.Uint64N(1 << 20)),
			Amount:         phase0.Gwei(r.Uint64N(1 << 26)),
		}
		synth.Fill(r, w.Address[:])
		p.Withdrawals = append(p.Withdrawals, w)
	}
	return p
}

// syntheticAttestation returns an attestation of bits aggregation bits
// (a random bitfield and its length delimiter) for one committee.
func syntheticAttestation(r *rand.Rand, bits int) *Attestation {
	agg := make([]byte, bits/8+1)
	synth.Fill(r, agg[:(bits+7)/8])
	if rem := bits % 8; rem != 0 {
		agg[bits/8] &= byte(1)<<rem - 1
	}
	agg[bits/8] |= byte(1) << (bits % 8)
	a := &Attestation{
		AggregationBits: agg,
		Data: &phase0.AttestationData{
			Slot:            phase0.SyntheticSlot - 1,
			Index:           0,
			BeaconBlockRoot: synth.Bytes32(r),
			Source:          &phase0.Checkpoint{Epoch: phase0.SyntheticEpoch - 1, Root: synth.Bytes32(r)},
			Target:          &phase0.Checkpoint{Epoch: phase0.SyntheticEpoch, Root: synth.Bytes32(r)},
		},
		CommitteeBits: make([]byte, 8),
	}
	synth.Fill(r, a.Signature[:])
	a.CommitteeBits[r.IntN(8)] = 1 << r.IntN(8)
	return a
}
