package svm

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/gagliardetto/solana-go"
)

// CancelNativeParams is one cancel of a same-chain order (opened and bound
// for this cluster): cancel_native_order, which refunds what the order
// book still holds to the sender at once.
type CancelNativeParams struct {
	// OrderBook is the order_book program; zero means OrderBookProgramID.
	OrderBook solana.PublicKey
	// Caller signs (the fee payer): the sender or the recipient before
	// the fill deadline, anyone after it.
	Caller solana.PublicKey
	// ID is the order's id; Sender and TokenInMint its sender and token
	// in, as its account holds them.
	ID          [32]byte
	Sender      solana.PublicKey
	TokenInMint solana.PublicKey
	// TokenInProgram owns TokenInMint: SPL Token or Token-2022, from the
	// catalog or the mint's owner, never assumed.
	TokenInProgram solana.PublicKey
}

// orderBookAt is the order_book IDL calling program (zero: the default).
func orderBookAt(program solana.PublicKey) (*Program, solana.PublicKey, error) {
	p, err := OrderBookIDL()
	if err != nil {
		return nil, program, err
	}
	if program.IsZero() {
		program = OrderBookProgramID
	}
	if !program.Equals(p.ID()) {
		p = p.WithID(program)
	}
	return p, program, nil
}

// CancelNativeOrder builds cancel_native_order(order_id) with the accounts
// of the Solana facts §5: signer, sender, global, the order PDA, the
// token-in mint, the sender's and the order's token-in accounts (ATAs
// under TokenInProgram), the token program, the event authority and the
// program. The sender's account must exist: the program does not create
// it, so a transaction puts CreateIdempotentATA(caller, sender, mint,
// program) before it.
func CancelNativeOrder(p CancelNativeParams) (*solana.GenericInstruction, error) {
	switch {
	case p.Caller.IsZero() || p.Sender.IsZero() || p.TokenInMint.IsZero():
		return nil, errors.New("svm: cancel_native_order: caller, sender and token-in mint are required")
	case !p.TokenInProgram.Equals(TokenProgram) && !p.TokenInProgram.Equals(Token2022Program):
		return nil, fmt.Errorf("svm: cancel_native_order: token program %s is neither SPL Token nor Token-2022", p.TokenInProgram)
	}
	prog, book, err := orderBookAt(p.OrderBook)
	if err != nil {
		return nil, err
	}
	order := OrderPDA(book, p.ID)
	return prog.Instruction("cancel_native_order", Accounts{
		"signer":              p.Caller,
		"sender":              p.Sender,
		"global_account":      Global(book),
		"order":               order,
		"token_in_mint":       p.TokenInMint,
		"sender_token_in_ata": AssociatedTokenAddress(p.Sender, p.TokenInMint, p.TokenInProgram),
		"order_token_in_ata":  AssociatedTokenAddress(order, p.TokenInMint, p.TokenInProgram),
		"token_in_program":    p.TokenInProgram,
		"event_authority":     EventAuthority(book),
		"program":             book,
	}, p.ID)
}

// CancelForeignParams is one cancel of an order opened on another chain
// and bound for this cluster: cancel_foreign_order, which marks it
// cancelled here and sends a cancel report to the origin through the
// Portal and its Wormhole adapter.
type CancelForeignParams struct {
	// OrderBook is the order_book program; zero means OrderBookProgramID.
	OrderBook solana.PublicKey
	// Caller signs and pays the foreign order's account (created if the
	// order has none here yet) and the Wormhole message fee.
	Caller solana.PublicKey
	// Data is the order's data as its origin holds it; its id (Data.ID)
	// is the order's.
	Data OrderData
	// Deployment is the cluster's Portal and Wormhole stack, whose ten
	// adapter accounts follow the instruction's own.
	Deployment PortalDeployment
}

// orderDataArg is d as the IDL's OrderData struct arg.
func orderDataArg(d OrderData) []any {
	return []any{d.Version, d.Sender, d.Nonce, d.OriginChainID, d.DestChainID, d.CreatedAt, d.FillDeadline,
		d.TokenIn, d.TokenOut, orZeroAmount(d.AmountIn), orZeroAmount(d.AmountOut), d.Recipient, d.Solver}
}

// CancelForeignOrder builds cancel_foreign_order(order_id, order_data):
// signer, global, the order PDA, the Portal, its global and authority,
// the Wormhole adapter, the system program, the event authority and the
// program (facts §5), then the adapter's ten remaining accounts
// (WormholeRemainingAccounts). order_id is Data.ID(), which the program
// checks again (6006).
func CancelForeignOrder(p CancelForeignParams) (*solana.GenericInstruction, error) {
	if p.Caller.IsZero() {
		return nil, errors.New("svm: cancel_foreign_order: no caller")
	}
	if p.Deployment.M0ChainID == 0 || p.Data.DestChainID != p.Deployment.M0ChainID {
		return nil, fmt.Errorf("svm: cancel_foreign_order: the order is bound for chain %d, not this cluster (%d)", p.Data.DestChainID, p.Deployment.M0ChainID)
	}
	if p.Data.OriginChainID == p.Deployment.M0ChainID {
		return nil, errors.New("svm: cancel_foreign_order: the order was opened on this cluster (cancel_native_order cancels it)")
	}
	id, err := p.Data.ID()
	if err != nil {
		return nil, err
	}
	prog, book, err := orderBookAt(p.OrderBook)
	if err != nil {
		return nil, err
	}
	d := p.Deployment
	ix, err := prog.Instruction("cancel_foreign_order", Accounts{
		"signer":           p.Caller,
		"global_account":   Global(book),
		"order":            OrderPDA(book, id),
		"portal_program":   d.Portal,
		"portal_global":    d.PortalGlobal(),
		"portal_authority": d.PortalAuthority(),
		"bridge_adapter":   d.WormholeAdapter,
		"event_authority":  EventAuthority(book),
		"program":          book,
	}, id, orderDataArg(p.Data))
	if err != nil {
		return nil, err
	}
	ix.AccountValues = append(ix.AccountValues, d.WormholeRemainingAccounts()...)
	return ix, nil
}

// orZeroAmount is a, nil meaning zero.
func orZeroAmount(a *big.Int) *big.Int {
	if a == nil {
		return new(big.Int)
	}
	return a
}
