package svm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Catalog is what Describe reads of a catalog: mints by address and chains
// by name. *asset.Catalog satisfies it, as does any quote.Catalog.
type Catalog interface {
	Resolve(a orchestration.AssetAddress) (asset.AssetInfo, error)
	Chain(name orchestration.Chain) (asset.ChainInfo, bool)
}

var _ Catalog = (*asset.Catalog)(nil)

// ErrUndescribed is the kind of Describe's errors (errors.Is): a payload
// that is not one this project builds, or that names mints or chains the
// catalog does not know.
var ErrUndescribed = errors.New("payload not described")

// Describe decodes an SVM payload this project builds into one readable
// sentence, for a wallet to show before it signs, reading every
// instruction of the transaction back:
//
//   - the associated token account program's CreateIdempotent: "create the
//     wM token account of D76y…PAGm on Solana";
//   - ext_swap's wrap, unwrap or swap, read by its IDL (Program.ReadCall):
//     "swap 1.05 M (UI amount) for wM to D76y…PAGm via the M0 ext_swap
//     program on Solana". The amount is the instruction's, the input's UI
//     amount (decision 29), in whole tokens of the catalog's decimals; the
//     recipient is the owner of the account the output goes to, named only
//     when the account is that owner's associated token account derived
//     again, and otherwise the account itself ("to the token account
//     …");
//   - the Portal's send_token, read by its IDL, with the Wormhole adapter's
//     ten accounts after it: "send 1 wM to 0x222…2222 on Ethereum as the
//     token 0x437…b291 via the M Portal on Solana" (the amount in the
//     extension's decimals, the recipient the 32 bytes' EVM address). A
//     v0 send through the adapter's lookup table is read by
//     DescribeWithTable, given the table;
//   - the Executor's request_for_execution: "pay 0.012345678 SOL to the
//     Wormhole Executor (payee 5TeW…JzHf) to relay message 7 of J1bV…T7Bm
//     to Wormhole chain 2";
//   - the order book's open_order, read by its IDL (ReadOpenOrder): "open
//     a limit order selling 2.5 M for 2.49 wM to 0x222…2222 on Ethereum,
//     filled by any solver before 2027-01-15T08:00:00Z, via the M0 order
//     book on Solana";
//   - SetComputeUnitPrice: ", with a priority fee of 1000 micro-lamports
//     per compute unit"; SetComputeUnitLimit says nothing.
//
// Several instructions are joined by ", then ". An owner is looked for
// among the transaction's signers and the owners of the accounts it
// created before; DescribeFor adds others. Anything else
// (an EVM payload, a transaction that does not decode or reaches into a
// lookup table not given, a program or instruction the builders do not make, an
// ext_swap call its IDL refuses, a mint or chain the catalog does not
// know) is an error wrapping ErrUndescribed.
func Describe(cat Catalog, p orchestration.Payload) (string, error) {
	return DescribeFor(cat, p)
}

// DescribeFor is Describe, also naming a token account by its owner when
// it is the associated token account of one of owners: a leg's recipient,
// who is not in the transaction when it does not sign. The sentence still
// comes from the bytes: an account that is not the owner's is written as
// the account.
func DescribeFor(cat Catalog, p orchestration.Payload, owners ...solana.PublicKey) (string, error) {
	return DescribeWithTable(cat, p, nil, owners...)
}

// DescribeWithTable is DescribeFor for a v0 transaction that names
// accounts through table, the lookup table it was compiled against, as
// read from the cluster (a send out of Solana through the Wormhole
// adapter's table: SendAndRelay). The message must name that table and no
// other; the flags of the accounts read through it come from the message,
// as the runtime gives them. A nil table is DescribeFor.
func DescribeWithTable(cat Catalog, p orchestration.Payload, table *LookupTable, owners ...solana.PublicKey) (string, error) {
	s := p.Data.SVM
	if s == nil {
		return "", undescribed("not an SVM payload")
	}
	chain, ok := cat.Chain(s.Chain)
	if !ok || chain.Runtime != orchestration.RuntimeSVM {
		return "", undescribed("chain %q is not an SVM chain of the catalog", orchestration.Clip(string(s.Chain)))
	}
	tx, err := Decode(s.Transaction)
	if err != nil {
		return "", undescribed("%v", err)
	}
	msg := tx.Message
	signers := int(msg.Header.NumRequiredSignatures)
	if signers == 0 || len(msg.AccountKeys) < signers {
		return "", undescribed("the transaction has no fee payer")
	}
	var ixs []*solana.GenericInstruction
	if table != nil && len(msg.GetAddressTableLookups()) > 0 {
		ixs, err = Instructions(tx, table)
	} else {
		ixs, err = StaticInstructions(tx)
	}
	if err != nil {
		return "", undescribed("%v", err)
	}
	d := &describer{cat: cat, chain: chain, payer: msg.AccountKeys[0],
		owners: append(append([]solana.PublicKey(nil), owners...), msg.AccountKeys[:signers]...)}
	var said []string
	var limit, price bool
	fee := ""
	for i, ix := range ixs {
		prog := ix.ProgramID()
		var sentence string
		switch {
		case prog.Equals(ComputeBudgetProgram):
			var clause string
			clause, err = computeBudget(ix, &limit, &price)
			fee += clause
		case prog.Equals(AssociatedTokenProgram):
			sentence, err = d.createATA(ix)
		case chain.Contracts.ExtSwap != "" && prog.String() == chain.Contracts.ExtSwap:
			sentence, err = d.extSwap(ix)
		case chain.Contracts.Portal != "" && prog.String() == chain.Contracts.Portal:
			sentence, err = d.sendToken(ix)
		case chain.Contracts.Executor != "" && prog.String() == chain.Contracts.Executor:
			sentence, err = d.requestForExecution(ix)
		case chain.Contracts.OrderBook != "" && prog.String() == chain.Contracts.OrderBook:
			sentence, err = d.openOrder(ix)
		default:
			err = fmt.Errorf("it calls %s, no program this project builds for on %s", prog, chain.Name)
		}
		if err != nil {
			return "", undescribed("instruction %d: %v", i, err)
		}
		if sentence != "" {
			said = append(said, sentence)
		}
	}
	if len(said) == 0 {
		return "", undescribed("the transaction does nothing but set its compute budget")
	}
	return strings.Join(said, ", then ") + fee, nil
}

func undescribed(format string, args ...any) error {
	return fmt.Errorf("svm: %w: %s", ErrUndescribed, fmt.Sprintf(format, args...))
}

type describer struct {
	cat    Catalog
	chain  asset.ChainInfo
	payer  solana.PublicKey
	owners []solana.PublicKey // whose token accounts are named by them: signers, given, created
}

// computeBudget reads SetComputeUnitLimit (nothing to say: a cap costs
// nothing) and SetComputeUnitPrice (the priority fee), each at most once,
// as the runtime allows them.
func computeBudget(ix *solana.GenericInstruction, limit, price *bool) (string, error) {
	set, err := ReadComputeBudget(ix)
	if err != nil {
		return "", err
	}
	seen, name := limit, "SetComputeUnitLimit"
	if set.Price {
		seen, name = price, "SetComputeUnitPrice"
	}
	if *seen {
		return "", fmt.Errorf("a second %s, which the runtime refuses", name)
	}
	*seen = true
	if !set.Price {
		return "", nil
	}
	return fmt.Sprintf(", with a priority fee of %d micro-lamports per compute unit", set.Value), nil
}

// ComputeBudgetSetting is a compute budget program instruction as Build
// makes it: SetComputeUnitPrice (Price, Value in micro-lamports per unit)
// or SetComputeUnitLimit (Value in units).
type ComputeBudgetSetting struct {
	Price bool
	Value uint64
}

// ReadComputeBudget reads ix, a compute budget program instruction, back
// as Build makes it: SetComputeUnitLimit or SetComputeUnitPrice, without
// accounts. Anything else is an error naming it.
func ReadComputeBudget(ix *solana.GenericInstruction) (ComputeBudgetSetting, error) {
	data, _ := ix.Data()
	switch {
	case len(ix.Accounts()) != 0:
		return ComputeBudgetSetting{}, fmt.Errorf("a compute budget instruction with %d accounts", len(ix.Accounts()))
	case len(data) == 5 && data[0] == 2:
		return ComputeBudgetSetting{Value: uint64(binary.LittleEndian.Uint32(data[1:]))}, nil
	case len(data) == 9 && data[0] == 3:
		return ComputeBudgetSetting{Price: true, Value: binary.LittleEndian.Uint64(data[1:])}, nil
	}
	return ComputeBudgetSetting{}, fmt.Errorf("compute budget instruction %x: only SetComputeUnitLimit and SetComputeUnitPrice are built here", data)
}

// CreatedATA is what an associated token account program instruction
// made as CreateIdempotentATA makes it creates: Account, Owner's
// associated token account of Mint, its rent paid by Payer.
type CreatedATA struct {
	Payer, Account, Owner, Mint solana.PublicKey
}

// ReadCreateIdempotentATA reads ix, an associated token account program
// instruction, back as CreateIdempotentATA builds it: CreateIdempotent,
// the System program, SPL Token or Token-2022, and the account those
// derive. Anything else is an error naming it.
func ReadCreateIdempotentATA(ix *solana.GenericInstruction) (CreatedATA, error) {
	data, _ := ix.Data()
	a := ix.Accounts()
	if !bytes.Equal(data, []byte{1}) || len(a) != 6 {
		return CreatedATA{}, fmt.Errorf("associated token account instruction %x with %d accounts: only CreateIdempotent (01) with 6 is built here", data, len(a))
	}
	c := CreatedATA{Payer: a[0].PublicKey, Account: a[1].PublicKey, Owner: a[2].PublicKey, Mint: a[3].PublicKey}
	system, tp := a[4].PublicKey, a[5].PublicKey
	switch {
	case !system.Equals(SystemProgram):
		return CreatedATA{}, fmt.Errorf("CreateIdempotent names %s as the System program", system)
	case !tp.Equals(TokenProgram) && !tp.Equals(Token2022Program):
		return CreatedATA{}, fmt.Errorf("CreateIdempotent names %s, neither SPL Token nor Token-2022, as the token program", tp)
	case !c.Account.Equals(AssociatedTokenAddress(c.Owner, c.Mint, tp)):
		return CreatedATA{}, fmt.Errorf("CreateIdempotent creates %s, not %s's associated token account of %s", c.Account, c.Owner, c.Mint)
	}
	return c, nil
}

// createATA reads what CreateIdempotentATA builds.
func (d *describer) createATA(ix *solana.GenericInstruction) (string, error) {
	c, err := ReadCreateIdempotentATA(ix)
	if err != nil {
		return "", err
	}
	payer, owner := c.Payer, c.Owner
	tok, err := d.asset(c.Mint)
	if err != nil {
		return "", err
	}
	d.owners = append(d.owners, owner) // a later instruction may pay into it
	s := fmt.Sprintf("create the %s token account of %s on %s", tok.Symbol, orchestration.ShortAddress(owner.String()), d.chain.Name)
	if !payer.Equals(d.payer) {
		s += ", its rent paid by " + orchestration.ShortAddress(payer.String())
	}
	return s, nil
}

// ExtSwapSides names, for an ext_swap user instruction, the IDL accounts
// of its input mint, its output mint, the account the output goes to, and
// that account's token program.
type ExtSwapSides struct {
	InMint, OutMint, To, ToProgram string
}

// ExtSwapCall returns the sides of the ext_swap instruction named name
// (its IDL name) when ExtSwap builds it: wrap, unwrap and swap. ext_swap's
// admin instructions are no payload's.
func ExtSwapCall(name string) (ExtSwapSides, bool) {
	switch name {
	case "wrap":
		return ExtSwapSides{"m_mint", "to_mint", "to_token_account", "to_token_program"}, true
	case "unwrap":
		return ExtSwapSides{"from_mint", "m_mint", "m_token_account", "m_token_program"}, true
	case "swap":
		return ExtSwapSides{"from_mint", "to_mint", "to_token_account", "to_token_program"}, true
	}
	return ExtSwapSides{}, false
}

// extSwap reads an ext_swap call by its IDL, the fee payer allowed to sign
// as the builders have it.
func (d *describer) extSwap(ix *solana.GenericInstruction) (string, error) {
	idl, err := ExtSwapIDL()
	if err != nil {
		return "", err
	}
	call, err := idl.WithID(ix.ProgramID()).ReadCall(ix, d.payer)
	if err != nil {
		return "", err
	}
	side, ok := ExtSwapCall(call.Name)
	if !ok {
		return "", fmt.Errorf("%s.%s is not an instruction this project builds", idl.Name(), call.Name)
	}
	var k [4]solana.PublicKey
	for i, name := range [4]string{side.InMint, side.OutMint, side.To, side.ToProgram} {
		k[i], _ = call.Account(name) // ReadCall checked the count
	}
	in, err := d.asset(k[0])
	if err != nil {
		return "", err
	}
	out, err := d.asset(k[1])
	if err != nil {
		return "", err
	}
	amount := new(big.Int).SetUint64(call.Args[0].(uint64)) // ReadCall decoded the u64
	s := fmt.Sprintf("swap %s %s (UI amount) for %s to %s via %s on %s",
		orchestration.FormatUnits(amount, in.Decimals), in.Symbol, out.Symbol, d.holder(k[2], k[1], k[3]),
		d.chain.Contracts.Name(ix.ProgramID().String()), d.chain.Name)
	if signer, _ := call.Account("signer"); !signer.Equals(d.payer) {
		s += ", from the tokens of " + orchestration.ShortAddress(signer.String())
	}
	for _, auth := range []string{"wrap_authority", "unwrap_authority"} {
		if k, ok := call.Account(auth); ok && !k.Equals(ix.ProgramID()) {
			s += fmt.Sprintf(", %s %s co-signing", strings.ReplaceAll(auth, "_", " "), orchestration.ShortAddress(k.String()))
		}
	}
	return s, nil
}

// holder names the token account of mint under tokenProgram: its owner
// when it is the associated token account of one of d.owners, else the
// account.
func (d *describer) holder(account, mint, tokenProgram solana.PublicKey) string {
	for _, o := range d.owners {
		if account.Equals(AssociatedTokenAddress(o, mint, tokenProgram)) {
			return orchestration.ShortAddress(o.String())
		}
	}
	return "the token account " + orchestration.ShortAddress(account.String())
}

// asset is the catalog's token of mint on d's chain.
func (d *describer) asset(mint solana.PublicKey) (asset.AssetInfo, error) {
	a, err := d.cat.Resolve(orchestration.AssetAddress{Chain: d.chain.Name, Address: mint.String()})
	if err != nil {
		return asset.AssetInfo{}, fmt.Errorf("mint %s on %s: %w", mint, d.chain.Name, err)
	}
	return a, nil
}
