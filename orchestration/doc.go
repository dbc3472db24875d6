// Package orchestration is the vocabulary of the stablecoin orchestration
// service: the resource types whose JSON is the wire format of the REST API,
// the one error type carrying the specification's stable codes, strict parsers
// for amounts, addresses and order ids, and the consumer-side interfaces
// (Assets, Quoter, PermitBuilder, OrderService, Topology) that the library's
// concrete packages implement and that the HTTP server and the Go client both
// speak.
//
// The package imports no other package of this module, so every other package
// (and every program embedding the library) can depend on it without cycles.
//
// # Wire format
//
// Field names, omission rules and value shapes follow the specification
// exactly: amounts are decimal strings in the token's smallest unit,
// timestamps on orders and permits are Unix seconds as JSON integers, and
// transaction payloads are discriminated by their "type" field ("evm" or
// "svm"). Amounts stay strings in these types; code that computes with them
// converts once, with ParseAmount, into *big.Int.
//
// # Errors
//
// Every failure a caller should branch on is an *Error whose Code is one of
// the Code constants. Use errors.As (or CodeOf) to read it; HTTP statuses are
// the transport's business and live in package httpserver.
package orchestration
