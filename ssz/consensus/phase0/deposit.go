package phase0

// DepositData is the spec's DepositData: the payload of one deposit to
// the deposit contract.
type DepositData struct {
	Pubkey                BLSPubKey
	WithdrawalCredentials []byte `ssz-size:"32"`
	Amount                Gwei
	Signature             BLSSignature
}

// Deposit is the spec's Deposit: deposit data with its Merkle branch in
// the deposit contract tree (DEPOSIT_CONTRACT_TREE_DEPTH+1 = 33 nodes).
type Deposit struct {
	Proof [][]byte `ssz-size:"33,32"`
	Data  *DepositData
}
