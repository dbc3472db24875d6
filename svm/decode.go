package svm

import (
	"encoding/base64"
	"fmt"
	"slices"

	"github.com/gagliardetto/solana-go"
)

func encodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// Decode parses a payload's transaction (base64, legacy or v0).
func Decode(transaction string) (*solana.Transaction, error) {
	tx, err := solana.TransactionFromBase64(transaction)
	if err != nil {
		return nil, fmt.Errorf("svm: decoding the transaction: %w", err)
	}
	return tx, nil
}

// Instructions recovers tx's instructions as the builders made them:
// program, account metas (with the message's signer and writable flags)
// and data. A v0 message's lookups are resolved against table, which must
// be the table the message names (nil for a legacy message). It is how
// tests, and the payload guard, read a transaction back.
func Instructions(tx *solana.Transaction, table *LookupTable) ([]*solana.GenericInstruction, error) {
	// A copy, with its own keys: resolving lookups appends to them and
	// must not change tx.
	msg := tx.Message
	msg.AccountKeys = slices.Clone(msg.AccountKeys)
	if lookups := msg.GetAddressTableLookups(); len(lookups) > 0 {
		if table == nil {
			return nil, fmt.Errorf("svm: the message uses %d lookup table(s) and none was given", len(lookups))
		}
		for _, l := range lookups {
			if !l.AccountKey.Equals(table.Address) {
				return nil, fmt.Errorf("svm: the message uses lookup table %s, not %s", l.AccountKey, table.Address)
			}
		}
		// A message Build made still holds its tables; a decoded one not.
		if msg.GetAddressTables() == nil {
			if err := msg.SetAddressTables(map[solana.PublicKey]solana.PublicKeySlice{table.Address: table.Addresses}); err != nil {
				return nil, fmt.Errorf("svm: %w", err)
			}
		}
		if err := msg.ResolveLookups(); err != nil {
			return nil, fmt.Errorf("svm: resolving lookups: %w", err)
		}
	}
	out := make([]*solana.GenericInstruction, 0, len(msg.Instructions))
	for i, ci := range msg.Instructions {
		program, err := msg.Program(ci.ProgramIDIndex)
		if err != nil {
			return nil, fmt.Errorf("svm: instruction %d: %w", i, err)
		}
		metas := make(solana.AccountMetaSlice, len(ci.Accounts))
		for j, idx := range ci.Accounts {
			k, err := msg.Account(idx)
			if err != nil {
				return nil, fmt.Errorf("svm: instruction %d account %d: %w", i, j, err)
			}
			w, err := msg.IsWritable(k)
			if err != nil {
				return nil, fmt.Errorf("svm: instruction %d account %d: %w", i, j, err)
			}
			metas[j] = &solana.AccountMeta{PublicKey: k, IsSigner: msg.IsSigner(k), IsWritable: w}
		}
		out = append(out, solana.NewInstruction(program, metas, ci.Data))
	}
	return out, nil
}

// StaticInstructions is Instructions for a message whose instructions name
// only its static keys, read without any lookup table: what a reader that
// has not fetched the table (the payload guard, Describe) can read, the
// header giving every flag. An instruction that reaches into a table is an
// error naming it.
func StaticInstructions(tx *solana.Transaction) ([]*solana.GenericInstruction, error) {
	msg := tx.Message
	for i, ins := range msg.Instructions {
		if int(ins.ProgramIDIndex) >= len(msg.AccountKeys) {
			return nil, fmt.Errorf("svm: instruction %d calls a program outside the static keys", i)
		}
		for j, k := range ins.Accounts {
			if int(k) >= len(msg.AccountKeys) {
				return nil, fmt.Errorf("svm: instruction %d: account %d comes from a lookup table, which cannot be read without its contents", i, j)
			}
		}
	}
	static := *tx
	static.Message.AddressTableLookups = nil
	return Instructions(&static, nil)
}
