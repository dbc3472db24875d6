package svmruntime

import (
	"fmt"
	"slices"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

// CheckPayload checks an SVM payload: a transaction that decodes, with
// zero-filled signature slots, every program it calls among the static
// keys (a lookup table cannot name a program) and one of the chain's: a
// program of its address book (the lookup table excepted: it is an
// account, not a program), SPL Token, Token-2022, the associated token
// account program, the compute budget program or the system program.
// Every call of the chain's ext_swap program must read back by its IDL
// (checkExtSwapCalls). The fee payer is checked by CheckFeePayer, which
// needs the funder.
func (r *Runtime) CheckPayload(chain asset.ChainInfo, d orchestration.TransactionPayload) error {
	_, err := r.check(chain, d)
	return err
}

// CheckFeePayer is CheckPayload, and the transaction's fee payer (its
// first signer) must be funder.
func (r *Runtime) CheckFeePayer(chain asset.ChainInfo, d orchestration.TransactionPayload, funder string) error {
	tx, err := r.check(chain, d)
	if err != nil {
		return err
	}
	want, err := solana.PublicKeyFromBase58(funder)
	if err != nil {
		return fmt.Errorf("funder %q is no Solana address", orchestration.Clip(funder))
	}
	if payer := tx.Message.AccountKeys[0]; !payer.Equals(want) {
		return fmt.Errorf("the fee payer is %s, not the funder %s", payer, want)
	}
	return nil
}

func (r *Runtime) check(chain asset.ChainInfo, d orchestration.TransactionPayload) (*solana.Transaction, error) {
	p := d.SVM
	if p == nil || chain.Runtime != orchestration.RuntimeSVM {
		return nil, fmt.Errorf("chain %s is not an SVM chain of the catalog", d.Chain())
	}
	if p.Chain != chain.Name {
		return nil, fmt.Errorf("the payload is on %s, not %s", p.Chain, chain.Name)
	}
	tx, err := svm.Decode(p.Transaction)
	if err != nil {
		return nil, err
	}
	h := tx.Message.Header
	if h.NumRequiredSignatures == 0 || len(tx.Message.AccountKeys) == 0 {
		return nil, fmt.Errorf("the transaction has no fee payer")
	}
	if len(tx.Signatures) != int(h.NumRequiredSignatures) {
		return nil, fmt.Errorf("the transaction has %d signature slots for %d signers", len(tx.Signatures), h.NumRequiredSignatures)
	}
	for _, s := range tx.Signatures {
		if !s.IsZero() {
			return nil, fmt.Errorf("the transaction carries a signature: it must be unsigned")
		}
	}
	known := knownPrograms(chain)
	for i, ins := range tx.Message.Instructions {
		idx := int(ins.ProgramIDIndex)
		if idx >= len(tx.Message.AccountKeys) {
			return nil, fmt.Errorf("instruction %d calls a program outside the static keys", i)
		}
		prog := tx.Message.AccountKeys[idx]
		if !known[prog] {
			return nil, fmt.Errorf("instruction %d calls %s, which is no program of %s the catalog knows", i, prog, chain.Name)
		}
	}
	if err := checkExtSwapCalls(chain, tx); err != nil {
		return nil, err
	}
	return tx, nil
}

// checkExtSwapCalls reads every call of the chain's ext_swap program back
// by its IDL (svm.Program.ReadCall): the right accounts in each slot's
// role, signed by no one but the IDL's signers and the fee payer. The
// payloads built here name ext_swap's accounts directly; a call naming one
// through a lookup table, which this check cannot read without the table,
// is refused (other instructions may use a table).
func checkExtSwapCalls(chain asset.ChainInfo, tx *solana.Transaction) error {
	id, err := solana.PublicKeyFromBase58(chain.Contracts.ExtSwap)
	msg := tx.Message
	if err != nil || !slices.Contains(msg.AccountKeys, id) {
		return nil // no ext_swap on this chain, or not called
	}
	// The ext_swap calls alone, in a message without lookups: their
	// accounts are all static keys, whose flags the header gives.
	var calls []solana.CompiledInstruction
	var at []int
	for i, ci := range msg.Instructions {
		if int(ci.ProgramIDIndex) >= len(msg.AccountKeys) || !msg.AccountKeys[ci.ProgramIDIndex].Equals(id) {
			continue
		}
		for j, k := range ci.Accounts {
			if int(k) >= len(msg.AccountKeys) {
				return fmt.Errorf("instruction %d: ext_swap's account %d comes from a lookup table, which the payload guard cannot read", i, j)
			}
		}
		calls, at = append(calls, ci), append(at, i)
	}
	static := *tx
	static.Message.Instructions, static.Message.AddressTableLookups = calls, nil
	ixs, err := svm.Instructions(&static, nil)
	if err != nil {
		return err
	}
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		return err
	}
	idl = idl.WithID(id)
	for n, ix := range ixs {
		if _, err := idl.ReadCall(ix, msg.AccountKeys[0]); err != nil {
			return fmt.Errorf("instruction %d: %w", at[n], err)
		}
	}
	return nil
}

// knownPrograms is the set of programs a payload on chain may call.
func knownPrograms(chain asset.ChainInfo) map[solana.PublicKey]bool {
	known := map[solana.PublicKey]bool{
		svm.TokenProgram: true, svm.Token2022Program: true, svm.AssociatedTokenProgram: true,
		svm.ComputeBudgetProgram: true, svm.SystemProgram: true,
	}
	for _, c := range chain.Contracts.List() {
		if c.Address == "" || c.Key == "lookupTable" {
			continue
		}
		if k, err := solana.PublicKeyFromBase58(c.Address); err == nil {
			known[k] = true
		}
	}
	return known
}
