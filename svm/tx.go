package svm

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
)

// MaxTransactionSize is Solana's limit on a serialized transaction
// (signatures included), in bytes: the IPv6 MTU less headers.
const MaxTransactionSize = 1232

// TooLargeError is Build's error for a transaction over
// MaxTransactionSize: no cluster accepts it, whatever it is signed with.
type TooLargeError struct {
	// Size is the serialized transaction's length, signatures included.
	Size int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("svm: the transaction is %d bytes, over the %d-byte limit", e.Size, MaxTransactionSize)
}

// LookupTable is an address lookup table and the addresses it held when
// read: a v0 message names them by index into Addresses.
type LookupTable struct {
	Address   solana.PublicKey
	Addresses solana.PublicKeySlice
}

// TxConfig is how Build frames instructions into a transaction.
type TxConfig struct {
	// FeePayer pays the fees and signs first: the quote's funder. Required.
	FeePayer solana.PublicKey
	// RecentBlockhash is a blockhash the caller read from the cluster;
	// the transaction expires about 150 blocks after it. Required.
	RecentBlockhash solana.Hash
	// ComputeUnitLimit, when non-zero, prepends SetComputeUnitLimit; zero
	// leaves the runtime's default (200k units per instruction).
	ComputeUnitLimit uint32
	// ComputeUnitPrice, in micro-lamports per unit, when non-zero prepends
	// SetComputeUnitPrice (a priority fee); zero adds none.
	ComputeUnitPrice uint64
	// LookupTable, when set, makes a v0 message that names the table's
	// addresses by index; nil makes a legacy message. Signers and called
	// programs stay in the static keys whatever the table holds. One table
	// only: solana-go orders several by map iteration, so their payload
	// would change from run to run.
	LookupTable *LookupTable
}

// Build frames instructions into an unsigned transaction: the compute
// budget instructions first (the runtime reads them from anywhere, but
// wallets and explorers expect them first), then instructions in order,
// with one zero-filled signature slot per required signer. It fails when
// the result exceeds MaxTransactionSize.
func Build(instructions []solana.Instruction, cfg TxConfig) (*solana.Transaction, error) {
	if cfg.FeePayer.IsZero() {
		return nil, errors.New("svm: building a transaction: no fee payer")
	}
	if cfg.RecentBlockhash.IsZero() {
		return nil, errors.New("svm: building a transaction: no recent blockhash")
	}
	if len(instructions) == 0 {
		return nil, errors.New("svm: building a transaction: no instruction")
	}
	var all []solana.Instruction
	if cfg.ComputeUnitLimit != 0 {
		all = append(all, SetComputeUnitLimit(cfg.ComputeUnitLimit))
	}
	if cfg.ComputeUnitPrice != 0 {
		all = append(all, SetComputeUnitPrice(cfg.ComputeUnitPrice))
	}
	all = append(all, instructions...)
	opts := []solana.TransactionOption{solana.TransactionPayer(cfg.FeePayer)}
	if lt := cfg.LookupTable; lt != nil {
		opts = append(opts, solana.TransactionAddressTables(map[solana.PublicKey]solana.PublicKeySlice{lt.Address: lt.Addresses}))
	}
	tx, err := solana.NewTransaction(all, cfg.RecentBlockhash, opts...)
	if err != nil {
		return nil, fmt.Errorf("svm: building a transaction: %w", err)
	}
	// NewTransaction leaves the signatures empty; the wire form the spec
	// and wallets expect has one zeroed slot per required signer.
	tx.Signatures = make([]solana.Signature, tx.Message.Header.NumRequiredSignatures)
	raw, err := tx.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("svm: serializing the transaction: %w", err)
	}
	if len(raw) > MaxTransactionSize {
		return nil, &TooLargeError{Size: len(raw)}
	}
	return tx, nil
}

// Payload serializes tx as the spec's SvmPayload for chain: the base64 of
// the transaction with its signature slots zero-filled.
func Payload(chain orchestration.Chain, tx *solana.Transaction) (orchestration.SVMPayload, error) {
	if n := int(tx.Message.Header.NumRequiredSignatures); len(tx.Signatures) != n {
		return orchestration.SVMPayload{}, fmt.Errorf("svm: the transaction has %d signature slots for %d signers", len(tx.Signatures), n)
	}
	for _, s := range tx.Signatures {
		if !s.IsZero() {
			return orchestration.SVMPayload{}, errors.New("svm: the transaction is signed; a payload is unsigned")
		}
	}
	raw, err := tx.MarshalBinary()
	if err != nil {
		return orchestration.SVMPayload{}, fmt.Errorf("svm: serializing the transaction: %w", err)
	}
	return orchestration.SVMPayload{Chain: chain, Transaction: encodeBase64(raw)}, nil
}

// SetComputeUnitLimit is the compute budget instruction that caps the
// transaction's compute units: data [2] ‖ units u32 LE.
func SetComputeUnitLimit(units uint32) solana.Instruction {
	return solana.NewInstruction(ComputeBudgetProgram, nil, binary.LittleEndian.AppendUint32([]byte{2}, units))
}

// SetComputeUnitPrice is the compute budget instruction that sets the
// priority fee in micro-lamports per unit: data [3] ‖ price u64 LE.
func SetComputeUnitPrice(microLamports uint64) solana.Instruction {
	return solana.NewInstruction(ComputeBudgetProgram, nil, binary.LittleEndian.AppendUint64([]byte{3}, microLamports))
}

// CreateIdempotentATA creates owner's associated token account for mint
// under tokenProgram, paid by payer, and succeeds when it already exists,
// so it can go before any instruction that needs the account without a
// read first. solana-go's builder is the non-idempotent Create and assumes
// SPL Token, so this one is by hand: data [1] is CreateIdempotent.
func CreateIdempotentATA(payer, owner, mint, tokenProgram solana.PublicKey) solana.Instruction {
	return solana.NewInstruction(AssociatedTokenProgram, solana.AccountMetaSlice{
		solana.Meta(payer).WRITE().SIGNER(),
		solana.Meta(AssociatedTokenAddress(owner, mint, tokenProgram)).WRITE(),
		solana.Meta(owner),
		solana.Meta(mint),
		solana.Meta(SystemProgram),
		solana.Meta(tokenProgram),
	}, []byte{1})
}
