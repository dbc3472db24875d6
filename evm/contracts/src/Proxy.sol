// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title  ERC1967Proxy
/// @notice A minimal non-upgradeable proxy: the implementation sits in the EIP-1967 slot, every call is
///         delegated to it (revert data bubbled unchanged), and `implementation()` reads it. The constructor
///         delegatecalls `data` to the implementation when given (the initializer). Not payable: the tokens
///         it fronts take no ether.
contract ERC1967Proxy {
    /// @dev bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 private constant _IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    /// @notice EIP-1967's event for a new implementation.
    event Upgraded(address indexed implementation);

    error InvalidImplementation(address implementation);

    constructor(address implementation_, bytes memory data) {
        if (implementation_.code.length == 0) revert InvalidImplementation(implementation_);
        assembly {
            sstore(_IMPLEMENTATION_SLOT, implementation_)
        }
        emit Upgraded(implementation_);
        if (data.length != 0) {
            (bool ok, bytes memory ret) = implementation_.delegatecall(data);
            if (!ok) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }

    function implementation() external view returns (address impl) {
        assembly {
            impl := sload(_IMPLEMENTATION_SLOT)
        }
    }

    fallback() external {
        assembly {
            let impl := sload(_IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
