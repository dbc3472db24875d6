package svm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// ExecutorProgramID is the Wormhole Executor on Solana (mainnet and devnet).
var ExecutorProgramID = solana.MustPublicKeyFromBase58("execXUrAsMnqMmTHj5m7N1YQgsDz3cwGLYCYyuDRciV")

// requestForExecutionDisc is sha256("global:request_for_execution")[:8].
var requestForExecutionDisc = []byte{109, 107, 87, 37, 151, 192, 119, 115}

// SolanaWormholeChainID is Solana's Wormhole chain id, the emitter chain of
// every message the Portal sends from Solana (mainnet and devnet alike).
const SolanaWormholeChainID uint16 = 1

// ExecutionRequest is one request_for_execution: pay the Executor's payee
// EstimatedCost lamports to relay the Wormhole message (Emitter, Sequence)
// to DstAddr on DstChain.
type ExecutionRequest struct {
	// Payer signs and pays; Payee is the Executor's payee, from the signed
	// quote (QuotePayee).
	Payer, Payee solana.PublicKey
	// EstimatedCost is the Executor's estimate, in lamports.
	EstimatedCost uint64
	// DstChain is the destination's Wormhole chain id (not its M0 id).
	DstChain uint16
	// DstAddr is the Wormhole peer on the destination (the EVM adapter,
	// left-padded); RefundAddr receives what the relay does not spend.
	DstAddr, RefundAddr [32]byte
	// SignedQuote is the Executor's signed quote, as its API returned it.
	SignedQuote []byte
	// Emitter is the message's emitter (the adapter's ["emitter"]) and
	// Sequence its sequence: the Sequence account's value read before the
	// send (ReadWormholeSequence).
	Emitter  solana.PublicKey
	Sequence uint64
	// RelayInstructions are the Executor's relay instructions, as quoted
	// (for an EVM destination: 0x01 | gas_limit u128 BE | msg_value u128 BE).
	RelayInstructions []byte
}

// minSignedQuote is the shortest signed quote QuotePayee reads.
const minSignedQuote = 56

// RequestForExecution builds the Executor's request_for_execution: accounts
// payer (W,S), payee (W), system program; data disc | estimated_cost u64 LE
// | dst_chain u16 LE | dst_addr | refund_addr | signed_quote | request |
// relay_instructions, the last three as u32 LE length-prefixed bytes, the
// request being "ERV1" | emitter chain u16 BE | emitter | sequence u64 BE.
func RequestForExecution(r ExecutionRequest) (*solana.GenericInstruction, error) {
	switch {
	case r.Payer.IsZero() || r.Payee.IsZero():
		return nil, errors.New("svm: request_for_execution: payer and payee are required")
	case r.DstChain == 0:
		return nil, errors.New("svm: request_for_execution: no destination chain")
	case r.DstAddr == [32]byte{} || r.RefundAddr == [32]byte{}:
		return nil, errors.New("svm: request_for_execution: destination and refund addresses are required")
	case r.Emitter.IsZero():
		return nil, errors.New("svm: request_for_execution: no emitter")
	case len(r.RelayInstructions) == 0:
		return nil, errors.New("svm: request_for_execution: no relay instructions")
	}
	if payee, err := QuotePayee(r.SignedQuote); err != nil {
		return nil, err
	} else if !payee.Equals(r.Payee) {
		return nil, fmt.Errorf("svm: request_for_execution: payee %s is not the signed quote's %s", r.Payee, payee)
	}
	le := binary.LittleEndian
	var d bytes.Buffer
	d.Write(requestForExecutionDisc)
	d.Write(le.AppendUint64(nil, r.EstimatedCost))
	d.Write(le.AppendUint16(nil, r.DstChain))
	d.Write(r.DstAddr[:])
	d.Write(r.RefundAddr[:])
	for _, b := range [][]byte{r.SignedQuote, ERV1Request(r.Emitter, r.Sequence), r.RelayInstructions} {
		d.Write(le.AppendUint32(nil, uint32(len(b))))
		d.Write(b)
	}
	return solana.NewInstruction(ExecutorProgramID, solana.AccountMetaSlice{
		solana.Meta(r.Payer).WRITE().SIGNER(),
		solana.Meta(r.Payee).WRITE(),
		solana.Meta(SystemProgram),
	}, d.Bytes()), nil
}

// ERV1Request is the Executor's request for a Wormhole message from
// Solana: "ERV1" | emitter chain u16 BE (1) | emitter | sequence u64 BE.
func ERV1Request(emitter solana.PublicKey, sequence uint64) []byte {
	b := make([]byte, 0, 4+2+32+8)
	b = append(b, "ERV1"...)
	b = binary.BigEndian.AppendUint16(b, SolanaWormholeChainID)
	b = append(b, emitter[:]...)
	return binary.BigEndian.AppendUint64(b, sequence)
}

// QuotePayee is the payee key of a signed quote, its bytes [24:56].
func QuotePayee(signedQuote []byte) (solana.PublicKey, error) {
	if len(signedQuote) < minSignedQuote {
		return solana.PublicKey{}, fmt.Errorf("svm: a signed quote of %d bytes has no payee (bytes 24..56)", len(signedQuote))
	}
	return solana.PublicKeyFromBytes(signedQuote[24:56]), nil
}

// ReadWormholeSequence reads the core bridge's Sequence account: the u64 LE
// at data[0:8], the sequence the next message from its emitter gets.
func ReadWormholeSequence(data []byte) (uint64, error) {
	if len(data) < 8 {
		return 0, fmt.Errorf("svm: a Sequence account of %d bytes, want at least 8", len(data))
	}
	return binary.LittleEndian.Uint64(data[:8]), nil
}

// ExecutionRequestOf reads a request_for_execution instruction back, the
// inverse of RequestForExecution, so a payload can be checked and
// described.
func ExecutionRequestOf(ix solana.Instruction) (ExecutionRequest, error) {
	var r ExecutionRequest
	if !ix.ProgramID().Equals(ExecutorProgramID) {
		return r, fmt.Errorf("svm: the instruction calls %s, not the Executor", ix.ProgramID())
	}
	data, err := ix.Data()
	if err != nil {
		return r, fmt.Errorf("svm: request_for_execution: %w", err)
	}
	accs := ix.Accounts()
	if len(accs) != 3 {
		return r, fmt.Errorf("svm: request_for_execution: %d accounts, want 3", len(accs))
	}
	if !accs[2].PublicKey.Equals(SystemProgram) {
		return r, fmt.Errorf("svm: request_for_execution: third account %s is not the system program", accs[2].PublicKey)
	}
	r.Payer, r.Payee = accs[0].PublicKey, accs[1].PublicKey
	const head = 8 + 8 + 2 + 32 + 32
	if len(data) < head || !bytes.Equal(data[:8], requestForExecutionDisc) {
		return r, errors.New("svm: request_for_execution: the data is short or not request_for_execution")
	}
	le := binary.LittleEndian
	r.EstimatedCost = le.Uint64(data[8:])
	r.DstChain = le.Uint16(data[16:])
	copy(r.DstAddr[:], data[18:50])
	copy(r.RefundAddr[:], data[50:82])
	rest := data[head:]
	var parts [3][]byte
	for i := range parts {
		if len(rest) < 4 || uint64(len(rest)-4) < uint64(le.Uint32(rest)) {
			return r, fmt.Errorf("svm: request_for_execution: field %d overruns the data", i)
		}
		n := le.Uint32(rest)
		parts[i] = bytes.Clone(rest[4 : 4+n])
		rest = rest[4+n:]
	}
	if len(rest) != 0 {
		return r, fmt.Errorf("svm: request_for_execution: %d bytes after the fields", len(rest))
	}
	r.SignedQuote, r.RelayInstructions = parts[0], parts[2]
	req := parts[1]
	if len(req) != 46 || string(req[:4]) != "ERV1" || binary.BigEndian.Uint16(req[4:]) != SolanaWormholeChainID {
		return r, errors.New("svm: request_for_execution: the request is not ERV1 from Solana")
	}
	r.Emitter = solana.PublicKeyFromBytes(req[6:38])
	r.Sequence = binary.BigEndian.Uint64(req[38:])
	return r, nil
}
