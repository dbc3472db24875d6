package orchestration

import (
	"encoding/json"
	"strconv"
)

// AppendQuotesJSON appends qs to dst exactly as json.Marshal(qs) encodes
// them. POST /quote answers with it on every request: encoding/json
// validates and compacts what each MarshalJSON method returns, a second
// pass over every quote and payload that this direct encoding skips. The
// rare parts (issues, a payload's solver, a Solana payload) and any string
// that needs escaping go through encoding/json itself.
// TestAppendQuotesJSONMatchesMarshal holds the two to each other with every
// field set, so a field added to these types fails it until added here.
func AppendQuotesJSON(dst []byte, qs []Quote) ([]byte, error) {
	if qs == nil {
		return append(dst, "null"...), nil
	}
	dst = append(dst, '[')
	for i := range qs {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendQuote(dst, &qs[i]); err != nil {
			return dst, err
		}
	}
	return append(dst, ']'), nil
}

func appendQuote(dst []byte, q *Quote) ([]byte, error) {
	dst = append(dst, `{"route":{"source":`...)
	dst = appendAssetAddress(dst, q.Route.Source)
	dst = append(dst, `,"destination":`...)
	dst = appendAssetAddress(dst, q.Route.Destination)
	dst = append(dst, `},"recipient":`...)
	dst = appendJSONString(dst, q.Recipient)
	dst = append(dst, `,"amountIn":`...)
	dst = appendJSONString(dst, q.AmountIn)
	dst = append(dst, `,"amountOut":`...)
	dst = appendJSONString(dst, q.AmountOut)
	dst = append(dst, `,"minAmountOut":`...)
	dst = appendJSONString(dst, q.MinAmountOut)
	dst = append(dst, `,"estFillTime":`...)
	dst = strconv.AppendInt(dst, q.EstFillTime, 10)
	if q.ExpiresAt != 0 {
		dst = append(dst, `,"expiresAt":`...)
		dst = strconv.AppendInt(dst, q.ExpiresAt, 10)
	}
	dst = append(dst, `,"payloads":[`...)
	for i := range q.Payloads {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendPayload(dst, &q.Payloads[i]); err != nil {
			return dst, err
		}
	}
	dst = append(dst, ']')
	if len(q.Fees) > 0 {
		dst = append(dst, `,"fees":[`...)
		for i := range q.Fees {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendFee(dst, &q.Fees[i])
		}
		dst = append(dst, ']')
	}
	if q.Issues != nil {
		var err error
		if dst, err = appendField(dst, "issues", q.Issues); err != nil {
			return dst, err
		}
	}
	if q.Ranking != nil {
		var err error
		if dst, err = appendField(dst, "ranking", q.Ranking); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

func appendAssetAddress(dst []byte, a AssetAddress) []byte {
	dst = append(dst, `{"chain":`...)
	dst = appendJSONString(dst, string(a.Chain))
	dst = append(dst, `,"address":`...)
	dst = appendJSONString(dst, a.Address)
	return append(dst, '}')
}

func appendPayload(dst []byte, p *Payload) ([]byte, error) {
	dst = append(dst, `{"provider":`...)
	dst = appendJSONString(dst, string(p.Provider))
	if p.Annotation != "" {
		dst = append(dst, `,"annotation":`...)
		dst = appendJSONString(dst, p.Annotation)
	}
	dst = append(dst, `,"data":`...)
	switch d := p.Data; {
	case d.EVM != nil && d.SVM == nil:
		dst = append(dst, `{"type":"evm","chain":`...)
		dst = appendJSONString(dst, string(d.EVM.Chain))
		dst = append(dst, `,"chainId":`...)
		dst = strconv.AppendUint(dst, d.EVM.ChainID, 10)
		dst = append(dst, `,"to":`...)
		dst = appendJSONString(dst, d.EVM.To)
		dst = append(dst, `,"data":`...)
		dst = appendJSONString(dst, d.EVM.Data)
		dst = append(dst, `,"value":`...)
		dst = appendJSONString(dst, d.EVM.Value)
		if d.EVM.Gas != "" {
			dst = append(dst, `,"gas":`...)
			dst = appendJSONString(dst, d.EVM.Gas)
		}
		if d.EVM.GasPrice != "" {
			dst = append(dst, `,"gasPrice":`...)
			dst = appendJSONString(dst, d.EVM.GasPrice)
		}
		dst = append(dst, '}')
	default:
		b, err := d.MarshalJSON() // compact already: json.Marshal's
		if err != nil {
			return dst, err
		}
		dst = append(dst, b...)
	}
	if p.Solver != nil {
		var err error
		if dst, err = appendField(dst, "solver", p.Solver); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

// appendField appends ,"key": and v as json.Marshal writes it, for the
// fields rare enough to leave to encoding/json.
// appendFee writes f as json.Marshal does.
func appendFee(dst []byte, f *Fee) []byte {
	dst = append(dst, `{"kind":`...)
	dst = appendJSONString(dst, string(f.Kind))
	dst = append(dst, `,"chain":`...)
	dst = appendJSONString(dst, string(f.Chain))
	if f.Token != "" {
		dst = append(dst, `,"token":`...)
		dst = appendJSONString(dst, f.Token)
	}
	dst = append(dst, `,"amount":`...)
	dst = appendJSONString(dst, f.Amount)
	if f.Provider != "" {
		dst = append(dst, `,"provider":`...)
		dst = appendJSONString(dst, string(f.Provider))
	}
	if f.Description != "" {
		dst = append(dst, `,"description":`...)
		dst = appendJSONString(dst, f.Description)
	}
	return append(dst, '}')
}

func appendField(dst []byte, key string, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	dst = append(append(append(append(dst, `,"`...), key...), `":`...), b...)
	return dst, nil
}

// appendJSONString appends s quoted as encoding/json quotes it: directly
// when every byte is printable ASCII that needs no escape (addresses,
// amounts, hex, the annotations the providers write), else through
// json.Marshal, which escapes as the rest of the answer does.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always encodes
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
