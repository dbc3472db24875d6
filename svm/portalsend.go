package svm

import (
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// ErrPortalRefuses is wrapped by SendAndRelay's errors (errors.Is) when
// the state read says the programs would refuse the send: paused, no
// path, not whitelisted, no Wormhole peer, a lookup table that is not the
// adapter's. It is no fault of the builder's; the route is closed until
// the state changes.
var ErrPortalRefuses = errors.New("the Portal would refuse the send")

func refuses(format string, args ...any) error {
	return fmt.Errorf("svm: %w: %s", ErrPortalRefuses, fmt.Sprintf(format, args...))
}

// SendState is the state a send out of Solana through the Wormhole
// adapter depends on, as read from the cluster in one batch (SendStateKeys)
// and decoded.
type SendState struct {
	Portal *PortalGlobal
	Swap   *SwapGlobal
	// Paths are the Portal's chain paths to the destination.
	Paths    *ChainBridgePaths
	Wormhole *WormholeGlobal
	// Sequence is the Sequence account's value before the send: the
	// sequence the send's message takes (ReadWormholeSequence).
	Sequence uint64
	// Table is Wormhole.ReceiveLUT's contents (DecodeLookupTable).
	Table *LookupTable
}

// SendStateKeys are the accounts SendState is read from, for a send to
// the M0 chain dest, when the adapter's lookup table is table (from the
// WormholeGlobal read when the route was listed; zero leaves it out):
// the Portal's global, ext_swap's global, the chain paths, the adapter's
// global, the Sequence account, the core bridge's config (its message
// fee) and the table.
func (d PortalDeployment) SendStateKeys(dest uint32, table solana.PublicKey) []solana.PublicKey {
	keys := []solana.PublicKey{d.PortalGlobal(), Global(d.ExtSwap), ChainPaths(d.Portal, dest),
		d.WormholeGlobal(), d.WormholeSequence(), d.BridgeConfig}
	if !table.IsZero() {
		keys = append(keys, table)
	}
	return keys
}

// Check reports why the programs would refuse to send ext to the M0 chain
// dest as token (send_token.validate and the adapter's checks), wrapping
// ErrPortalRefuses, or nil.
func (s *SendState) Check(d PortalDeployment, ext Extension, dest uint32, token [32]byte) error {
	switch {
	case s.Portal == nil || s.Swap == nil || s.Paths == nil || s.Wormhole == nil || s.Table == nil:
		return errors.New("svm: the send's state is incomplete")
	case !s.Portal.MMint.Equals(d.MMint):
		return refuses("the Portal's M mint is %s, not %s", s.Portal.MMint, d.MMint)
	case s.Paths.DestinationChainID != dest:
		return fmt.Errorf("svm: the chain paths read are for chain %d, not %d", s.Paths.DestinationChainID, dest)
	case s.Wormhole.OutgoingPaused:
		return refuses("sending through the Wormhole adapter is paused")
	case s.Wormhole.ReceiveLUT.IsZero() || !s.Wormhole.ReceiveLUT.Equals(s.Table.Address):
		return refuses("the lookup table %s is not the Wormhole adapter's (%s)", s.Table.Address, s.Wormhole.ReceiveLUT)
	}
	if err := s.Portal.SendsTo(dest); err != nil {
		return refuses("%v", err)
	}
	if w, ok := s.Swap.Extension(ext.Mint); !ok || w != ext {
		return refuses("%s is not whitelisted by ext_swap as program %s under %s", ext.Mint, ext.Program, ext.TokenProgram)
	}
	if !s.Paths.Allows(ext.Mint, token) {
		return refuses("the Portal has no path from %s to token %x on chain %d", ext.Mint, token, dest)
	}
	if _, ok := s.Wormhole.Peer(dest); !ok {
		return refuses("the Wormhole adapter has no peer on chain %d", dest)
	}
	return nil
}

// Relay is the Executor's quote for relaying a send, as its API returned
// it (decision 62: bytes, so this package does not depend on the client).
type Relay struct {
	// SignedQuote is the quote; its payee (bytes 24..56) is paid.
	SignedQuote []byte
	// EstimatedCost is what the Executor charges, in lamports.
	EstimatedCost uint64
	// DstChain is the quote's destination Wormhole chain id, which must be
	// the adapter's peer's.
	DstChain uint16
	// Instructions are the relay instructions quoted.
	Instructions []byte
}

// SendAndRelayParams is one send out of Solana through the Wormhole
// adapter, relayed by the Executor.
type SendAndRelayParams struct {
	// Funder signs, owns the extension tokens, pays the fees and the
	// relay, and gets the relay's refund.
	Funder    solana.PublicKey
	Extension Extension
	// Amount is in the extension's units; positive.
	Amount uint64
	// DestinationChainID is the destination's M0 (EVM) chain id;
	// DestinationToken and Recipient are 32 bytes (EVMAddress32).
	DestinationChainID          uint32
	DestinationToken, Recipient [32]byte
	State                       SendState
	Relay                       Relay
	// Budget frames the transaction: RecentBlockhash (required) and the
	// compute budget. Its FeePayer and LookupTable are set here.
	Budget TxConfig
}

// SendAndRelay builds the v0 transaction of a send out of Solana: the
// compute budget, the Portal's send_token (its 19 accounts and the
// Wormhole adapter's ten), and the Executor's request_for_execution for
// the message the send emits (payee and cost from the quote, the
// destination the adapter's peer, the sequence the Sequence account held
// before the send, the refund to the funder), compiled against the
// adapter's lookup table. The state is checked first (Check); a
// transaction over MaxTransactionSize is a *TooLargeError.
func (d PortalDeployment) SendAndRelay(p SendAndRelayParams) (*solana.Transaction, error) {
	if err := p.State.Check(d, p.Extension, p.DestinationChainID, p.DestinationToken); err != nil {
		return nil, err
	}
	peer, _ := p.State.Wormhole.Peer(p.DestinationChainID)
	if uint32(p.Relay.DstChain) != peer.AdapterChainID {
		return nil, fmt.Errorf("svm: the Executor's quote is for Wormhole chain %d, the adapter's peer on chain %d is on %d",
			p.Relay.DstChain, p.DestinationChainID, peer.AdapterChainID)
	}
	send, err := d.SendToken(SendTokenParams{Sender: p.Funder, Extension: p.Extension, Amount: p.Amount,
		DestinationChainID: p.DestinationChainID, DestinationToken: p.DestinationToken, Recipient: p.Recipient})
	if err != nil {
		return nil, err
	}
	payee, err := QuotePayee(p.Relay.SignedQuote)
	if err != nil {
		return nil, err
	}
	relay, err := RequestForExecution(ExecutionRequest{
		Payer: p.Funder, Payee: payee, EstimatedCost: p.Relay.EstimatedCost,
		DstChain: p.Relay.DstChain, DstAddr: peer.Address, RefundAddr: p.Funder,
		SignedQuote: p.Relay.SignedQuote, Emitter: d.WormholeEmitter(), Sequence: p.State.Sequence,
		RelayInstructions: p.Relay.Instructions,
	})
	if err != nil {
		return nil, err
	}
	cfg := p.Budget
	cfg.FeePayer, cfg.LookupTable = p.Funder, p.State.Table
	return Build([]solana.Instruction{send, relay}, cfg)
}
