// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice The ERC-20 functions the other contracts call.
interface IERC20 {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

/// @notice EIP-2612 permit in the two overloads M0's ERC20Extended exposes.
interface IERC20Permit {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes calldata signature)
        external;
}

/// @notice Token transfers that accept both ERC-20 tokens returning `true` and tokens that return nothing
///         (USDT). Any other outcome reverts with `TransferFailed(token)`.
library SafeTransfer {
    error TransferFailed(address token);

    function safeTransfer(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeCall(IERC20.transfer, (to, amount)));
    }

    function safeTransferFrom(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeCall(IERC20.transferFrom, (from, to, amount)));
    }

    function safeApprove(address token, address spender, uint256 amount) internal {
        _call(token, abi.encodeCall(IERC20.approve, (spender, amount)));
    }

    function _call(address token, bytes memory data) private {
        if (token.code.length == 0) revert TransferFailed(token);
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok) {
            // Bubble the token's own revert reason so callers see e.g. InsufficientBalance.
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        if (ret.length != 0 && !abi.decode(ret, (bool))) revert TransferFailed(token);
    }
}

/// @notice Conversions between EVM addresses and the left-padded bytes32 form used for cross-chain fields.
library AddressCast {
    function toBytes32(address a) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(a)));
    }

    function toAddress(bytes32 b) internal pure returns (address) {
        return address(uint160(uint256(b)));
    }
}

/// @notice A minimal role registry with OpenZeppelin AccessControl's external interface
///         (`hasRole`, `grantRole`, `revokeRole`, `DEFAULT_ADMIN_ROLE`, events and the
///         `AccessControlUnauthorizedAccount` error). Every role is administered by DEFAULT_ADMIN_ROLE.
abstract contract Roles {
    bytes32 public constant DEFAULT_ADMIN_ROLE = 0x00;

    mapping(bytes32 role => mapping(address account => bool)) private _members;

    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);
    event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender);

    error AccessControlUnauthorizedAccount(address account, bytes32 neededRole);
    error ZeroAdmin();

    constructor(address admin) {
        if (admin == address(0)) revert ZeroAdmin();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    modifier onlyRole(bytes32 role) {
        _checkRole(role);
        _;
    }

    function hasRole(bytes32 role, address account) public view returns (bool) {
        return _members[role][account];
    }

    function grantRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _grantRole(role, account);
    }

    function revokeRole(bytes32 role, address account) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (_members[role][account]) {
            _members[role][account] = false;
            emit RoleRevoked(role, account, msg.sender);
        }
    }

    function _checkRole(bytes32 role) internal view {
        if (!_members[role][msg.sender]) revert AccessControlUnauthorizedAccount(msg.sender, role);
    }

    function _grantRole(bytes32 role, address account) internal {
        if (!_members[role][account]) {
            _members[role][account] = true;
            emit RoleGranted(role, account, msg.sender);
        }
    }
}
