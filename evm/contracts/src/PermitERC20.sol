// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import { IERC20 } from "./Common.sol";

/// @title  PermitERC20
/// @notice ERC-20 with EIP-2612 permit in both overloads of M0's ERC20Extended
///         (`(v,r,s)` and `bytes signature`), sequential `nonces`, `DOMAIN_SEPARATOR` and
///         `PERMIT_TYPEHASH`. The EIP-712 domain is
///         {name: the token name, version, chainId: block.chainid, verifyingContract: this}.
///         No EIP-5267 `eip712Domain()` here: `ERC20Extended` below adds it for the M0 tokens, while
///         USDC's FiatToken v2.2 has none.
/// @dev    Signatures are ECDSA only (no ERC-1271 fallback); see README.md.
abstract contract PermitERC20 is IERC20 {
    /// @dev keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)")
    bytes32 public constant PERMIT_TYPEHASH = 0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9;

    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    /// @dev Upper bound of a canonical ECDSA `s` (secp256k1n / 2).
    uint256 private constant _HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    mapping(address owner => uint256) public nonces;

    /// @dev The EIP-712 domain version.
    string internal _version;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 amount);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 amount);
    error InvalidRecipient(address recipient);
    error SignatureExpired(uint256 deadline, uint256 timestamp);
    error InvalidSignature();
    error InvalidSignatureLength();
    error InvalidSignatureS();
    error InvalidSignatureV();
    error SignerMismatch();

    constructor(string memory name_, string memory symbol_, uint8 decimals_, string memory version_) {
        decimals = decimals_;
        _setMetadata(name_, symbol_, version_);
    }

    // ---------------------------------------------------------------- ERC-20

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, msg.sender, amount);
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    // ---------------------------------------------------------------- EIP-2612

    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        bytes32 digest = _permitDigest(owner, spender, value, deadline);
        _checkSigner(owner, _recover(digest, v, r, s));
        _approve(owner, spender, value);
    }

    function permit(address owner, address spender, uint256 value, uint256 deadline, bytes calldata signature)
        external
    {
        if (signature.length != 65) revert InvalidSignatureLength();
        bytes32 digest = _permitDigest(owner, spender, value, deadline);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        _checkSigner(owner, _recover(digest, v, r, s));
        _approve(owner, spender, value);
    }

    /// @notice The separator permits are verified against; computed on every call, so it follows the chain
    ///         id and the address the code runs at (a proxy's, behind one).
    function DOMAIN_SEPARATOR() public view virtual returns (bytes32) {
        return _domainSeparator(address(this));
    }

    // ---------------------------------------------------------------- internals

    /// @dev Sets what a proxy's storage needs too (a proxied token calls this from its initializer).
    function _setMetadata(string memory name_, string memory symbol_, string memory version_) internal {
        name = name_;
        symbol = symbol_;
        _version = version_;
    }

    /// @dev The EIP-712 separator of this token's name and version on the current chain for `verifyingContract`.
    function _domainSeparator(address verifyingContract) internal view returns (bytes32) {
        return keccak256(
            abi.encode(
                _DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(_version)), block.chainid, verifyingContract
            )
        );
    }

    function _permitDigest(address owner, address spender, uint256 value, uint256 deadline)
        private
        returns (bytes32)
    {
        if (block.timestamp > deadline) revert SignatureExpired(deadline, block.timestamp);
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline));
        return keccak256(abi.encodePacked(hex"1901", DOMAIN_SEPARATOR(), structHash));
    }

    function _recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) private pure returns (address signer) {
        if (v != 27 && v != 28) revert InvalidSignatureV();
        if (uint256(s) > _HALF_ORDER) revert InvalidSignatureS();
        signer = ecrecover(digest, v, r, s);
        if (signer == address(0)) revert InvalidSignature();
    }

    function _checkSigner(address owner, address signer) private pure {
        if (signer != owner) revert SignerMismatch();
    }

    function _transfer(address from, address to, uint256 amount) internal {
        if (to == address(0)) revert InvalidRecipient(to);
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _spendAllowance(address owner, address spender, uint256 amount) internal {
        uint256 current = allowance[owner][spender];
        if (current == type(uint256).max) return;
        if (current < amount) revert InsufficientAllowance(spender, current, amount);
        unchecked {
            allowance[owner][spender] = current - amount;
        }
    }

    function _approve(address owner, address spender, uint256 amount) internal {
        allowance[owner][spender] = amount;
        emit Approval(owner, spender, amount);
    }

    function _mint(address to, uint256 amount) internal {
        if (to == address(0)) revert InvalidRecipient(to);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        unchecked {
            balanceOf[from] = balance - amount;
            totalSupply -= amount;
        }
        emit Transfer(from, address(0), amount);
    }
}

/// @title  ERC20Extended
/// @notice PermitERC20 plus EIP-5267 `eip712Domain()`, as M0's ERC20Extended (the M token and the extensions).
///         Like M0's, it has no `version()` function: the version is read through `eip712Domain()`.
abstract contract ERC20Extended is PermitERC20 {
    constructor(string memory name_, string memory symbol_, uint8 decimals_, string memory version_)
        PermitERC20(name_, symbol_, decimals_, version_)
    { }

    /// @notice EIP-5267: fields 0x0f = name, version, chainId, verifyingContract (this contract, or the proxy
    ///         it runs behind).
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name_,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", name, _version, block.chainid, address(this), bytes32(0), new uint256[](0));
    }
}
