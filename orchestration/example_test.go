package orchestration_test

import (
	"errors"
	"fmt"

	"github.com/m0-orchestration/m0/orchestration"
)

func ExampleParseAmount() {
	for _, s := range []string{"1000000", "1e6", "01", "0"} {
		n, err := orchestration.ParseAmount(s)
		fmt.Println(s, n, err)
	}
	// Output:
	// 1000000 1000000 <nil>
	// 1e6 <nil> must be a whole number in the smallest unit, written with digits only (no sign, exponent, fraction or spaces), not "1e6"
	// 01 <nil> must not have leading zeros, not "01"
	// 0 <nil> must be greater than zero
}

func ExampleCodeOf() {
	err := fmt.Errorf("quoting: %w", orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route"))

	var e *orchestration.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, "-", e.Message)
	}
	code, _ := orchestration.CodeOf(err)
	fmt.Println(code == orchestration.NoQuotesAvailable)
	// Output:
	// NoQuotesAvailable - no provider can quote this route
	// true
}
