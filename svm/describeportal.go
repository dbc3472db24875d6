package svm

import (
	"encoding/hex"
	"fmt"
	"math/big"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// chainsByID is the part of a catalog that names a chain by its id
// (*asset.Catalog has it); a Catalog without it names a destination by its
// M0 chain id.
type chainsByID interface {
	ChainByID(runtime orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool)
}

// portalDeployment is the deployment of d's chain, by its M0 chain id.
func (d *describer) portalDeployment() (PortalDeployment, error) {
	if dep, ok := PortalDeploymentOf(d.chain); ok {
		return dep, nil
	}
	return PortalDeployment{}, fmt.Errorf("no Portal deployment of %s is known", d.chain.Name)
}

// PortalDeploymentOf is the deployment (MainnetPortal or DevnetPortal) of
// a catalog chain: the one whose M0 chain id is the chain's and whose
// Portal is the chain's portal.
func PortalDeploymentOf(chain asset.ChainInfo) (PortalDeployment, bool) {
	for _, dep := range []PortalDeployment{MainnetPortal, DevnetPortal} {
		if uint64(dep.M0ChainID) == chain.ChainID && chain.Contracts.Portal == dep.Portal.String() {
			return dep, true
		}
	}
	return PortalDeployment{}, false
}

// SendTokenCall is a send_token read back (ReadSendToken).
type SendTokenCall struct {
	Sender solana.PublicKey
	// Extension is the extension sent: its program, mint and token
	// program as the instruction names them.
	Extension                   Extension
	Amount                      uint64
	DestinationChainID          uint32
	DestinationToken, Recipient [32]byte
}

// ReadSendToken reads a Portal send_token back by the IDL (ReadCall:
// discriminator, args, every account's role and PDA), and checks the ten
// accounts after it are d's Wormhole adapter's, in order and writable
// where the adapter writes, and the bridge adapter is d's. mayAlsoSign
// are keys besides the sender allowed to sign (the fee payer).
func (d PortalDeployment) ReadSendToken(ix solana.Instruction, mayAlsoSign ...solana.PublicKey) (SendTokenCall, error) {
	idl, err := PortalIDL()
	if err != nil {
		return SendTokenCall{}, err
	}
	if !ix.ProgramID().Equals(d.Portal) {
		return SendTokenCall{}, fmt.Errorf("the instruction calls %s, not the Portal %s", ix.ProgramID(), d.Portal)
	}
	call, rest, err := idl.WithID(d.Portal).ReadCallWithRemaining(ix, mayAlsoSign...)
	if err != nil {
		return SendTokenCall{}, err
	}
	if call.Name != "send_token" {
		return SendTokenCall{}, fmt.Errorf("%s.%s is not an instruction this project builds", idl.Name(), call.Name)
	}
	want := d.WormholeRemainingAccounts()
	if len(rest) != len(want) {
		return SendTokenCall{}, fmt.Errorf("send_token passes %d adapter accounts, the Wormhole adapter takes %d", len(rest), len(want))
	}
	for i, w := range want {
		if !rest[i].PublicKey.Equals(w.PublicKey) || (w.IsWritable && !rest[i].IsWritable) || rest[i].IsSigner {
			return SendTokenCall{}, fmt.Errorf("send_token's adapter account %d is %s, not the Wormhole adapter's %s", i+1, rest[i].PublicKey, w.PublicKey)
		}
	}
	if adapter, _ := call.Account("bridge_adapter"); !adapter.Equals(d.WormholeAdapter) {
		return SendTokenCall{}, fmt.Errorf("send_token's bridge adapter %s is not the Wormhole adapter", adapter)
	}
	c := SendTokenCall{Amount: call.Args[0].(uint64), DestinationChainID: uint32(call.Args[2].(uint64))} // ReadCall decoded them
	c.Sender, _ = call.Account("sender")
	c.Extension.Program, _ = call.Account("extension_program")
	c.Extension.Mint, _ = call.Account("extension_mint")
	c.Extension.TokenProgram, _ = call.Account("extension_token_program")
	copy(c.DestinationToken[:], call.Args[1].([]byte))
	copy(c.Recipient[:], call.Args[3].([]byte))
	return c, nil
}

// sendToken reads a Portal send_token (ReadSendToken): "send 1 wM to
// 0x222…2222 on Ethereum as the token 0x437…b291 via the M Portal on
// Solana".
func (d *describer) sendToken(ix *solana.GenericInstruction) (string, error) {
	dep, err := d.portalDeployment()
	if err != nil {
		return "", err
	}
	c, err := dep.ReadSendToken(ix, d.payer)
	if err != nil {
		return "", err
	}
	in, err := d.asset(c.Extension.Mint)
	if err != nil {
		return "", err
	}
	dest := fmt.Sprintf("M0 chain %d", c.DestinationChainID)
	if cat, ok := d.cat.(chainsByID); ok {
		if info, ok := cat.ChainByID(orchestration.RuntimeEVM, uint64(c.DestinationChainID)); ok {
			dest = string(info.Name)
		}
	}
	recipient, err := evmAddress(c.Recipient[:])
	if err != nil {
		return "", fmt.Errorf("recipient: %w", err)
	}
	token, err := evmAddress(c.DestinationToken[:])
	if err != nil {
		return "", fmt.Errorf("destination token: %w", err)
	}
	s := fmt.Sprintf("send %s %s to %s on %s as the token %s via %s on %s",
		orchestration.FormatUnits(new(big.Int).SetUint64(c.Amount), in.Decimals), in.Symbol, orchestration.ShortAddress(recipient), dest,
		orchestration.ShortAddress(token), d.chain.Contracts.Name(ix.ProgramID().String()), d.chain.Name)
	if !c.Sender.Equals(d.payer) {
		s += ", from the tokens of " + orchestration.ShortAddress(c.Sender.String())
	}
	return s, nil
}

// evmAddress is the 0x address a 32-byte Portal recipient left-pads; other
// bytes in the padding mean it is not one.
func evmAddress(b []byte) (string, error) {
	if len(b) != 32 {
		return "", fmt.Errorf("%d bytes, not 32", len(b))
	}
	for _, x := range b[:12] {
		if x != 0 {
			return "", fmt.Errorf("0x%x is not an EVM address left-padded to 32 bytes", b)
		}
	}
	return "0x" + hex.EncodeToString(b[12:]), nil
}

// requestForExecution reads the Executor's request: ", paying the
// Wormhole Executor 0.0123 SOL to relay it to Wormhole chain 2".
func (d *describer) requestForExecution(ix *solana.GenericInstruction) (string, error) {
	r, err := ExecutionRequestOf(ix)
	if err != nil {
		return "", err
	}
	if !r.Payer.Equals(d.payer) {
		return "", fmt.Errorf("request_for_execution is paid by %s, not the fee payer", r.Payer)
	}
	if payee, err := QuotePayee(r.SignedQuote); err != nil {
		return "", err
	} else if !payee.Equals(r.Payee) {
		return "", fmt.Errorf("request_for_execution pays %s, not the signed quote's payee %s", r.Payee, payee)
	}
	return fmt.Sprintf("pay %s SOL to %s (payee %s) to relay message %d of %s to Wormhole chain %d",
		orchestration.FormatUnits(new(big.Int).SetUint64(r.EstimatedCost), 9),
		d.chain.Contracts.Name(ix.ProgramID().String()), orchestration.ShortAddress(r.Payee.String()),
		r.Sequence, orchestration.ShortAddress(r.Emitter.String()), r.DstChain), nil
}
