<?php
/**
 * Shared plumbing for the PHP adapters of real implementations (Implementations/<library>/adapter.php), as
 * shared/python/lc_adapter.py is for the Python ones. Only the harness protocol (Vectors/HARNESS.md), the outcome
 * shape, a PSR-4 autoloader for source checkouts and the adapter checks live here: no validation rule is decided
 * here except in lc_adapter_checks, the adapter checks an implementation.json's `adapterChecks` lists, run only with
 * `--adapter-checks`.
 *
 * - lc_psr4(prefix => folder): an autoloader for code read from source checkouts (no Composer): a class of the
 *   namespace prefix is loaded from the folder, PSR-4, and nothing else; lc_loaded_files() lists what was loaded.
 * - LcRejected(reason, claim): thrown by an adapter to answer a rejection the adapter can name.
 * - lc_kept_claims(claims): an accepted token's claims in the vector file's {"result":"accepted","claims":…} shape
 *   (the required claims, and the optional ones the SDK exposes when their JSON type is right).
 * - lc_accepted(checks, header, claims, input): the adapter checks (when given), then the accepted answer.
 * - lc_serve(implementation, handler): the protocol loop, one request at a time; handler(input, checks) answers an
 *   outcome or throws (LcRejected: a rejection; anything else: errored, with the exception's class and message).
 */

const LC_PROTOCOL_VERSION = 1;
const LC_REQUIRED_CLAIMS = ['jti', 'iss', 'aud', 'exp', 'iat', 'nonce', 'sub'];
const LC_OPTIONAL_STRING_CLAIMS = ['name', 'given_name', 'middle_name', 'family_name', 'email', 'picture',
    'user_birthday', 'user_gender', 'user_link'];
const LC_DOCUMENTED_ISSUERS = ['https://www.facebook.com', 'https://limited.facebook.com'];
const LC_MAX_TOKEN_AGE = 600;

final class LcRejected extends \Exception
{
    public string $reason;
    public ?string $claim;

    public function __construct(string $reason, ?string $claim = null)
    {
        parent::__construct($claim === null ? $reason : "$reason($claim)");
        $this->reason = $reason;
        $this->claim = $claim;
    }

    public function outcome(): array
    {
        $answer = ['result' => 'rejected', 'reason' => $this->reason];
        if ($this->claim !== null) {
            $answer['claim'] = $this->claim;
        }
        return $answer;
    }
}

/** The files loaded through lc_psr4, in load order. */
function lc_loaded_files(): array
{
    return $GLOBALS['lc_psr4_loaded'] ?? [];
}

/** Registers a PSR-4 autoloader: namespace prefix (e.g. "Firebase\\JWT\\") => folder. */
function lc_psr4(array $map): void
{
    $GLOBALS['lc_psr4_loaded'] = $GLOBALS['lc_psr4_loaded'] ?? [];
    spl_autoload_register(function (string $class) use ($map) {
        foreach ($map as $prefix => $folder) {
            if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
                continue;
            }
            $path = rtrim($folder, '/') . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($path)) {
                $GLOBALS['lc_psr4_loaded'][] = realpath($path);
                require $path;
                return;
            }
        }
    });
}

function lc_is_number($value): bool
{
    return is_int($value) || is_float($value);
}

function lc_is_object($value): bool
{
    return $value instanceof \stdClass || (is_array($value) && $value !== [] && !array_is_list($value));
}

function lc_optional_kept(string $name, $value): bool
{
    if (in_array($name, LC_OPTIONAL_STRING_CLAIMS, true)) {
        return is_string($value);
    }
    $items = is_array($value) || $value instanceof \stdClass ? array_values((array) $value) : null;
    if ($name === 'user_friends') {
        return is_array($value) && array_is_list($value) && count(array_filter($items, 'is_string')) === count($items);
    }
    if ($name === 'user_age_range') {
        return lc_is_object($value) && $items !== [] && count(array_filter($items, 'lc_is_number')) === count($items);
    }
    if ($name === 'user_hometown' || $name === 'user_location') {
        return lc_is_object($value) && $items !== [] && count(array_filter($items, 'is_string')) === count($items);
    }
    return false;
}

/** A number as JSON writes it: an integral float within 2^53 as an integer. */
function lc_normalise($value)
{
    if (is_float($value) && is_finite($value) && floor($value) === $value && abs($value) <= 2 ** 53) {
        return (int) $value;
    }
    if (is_float($value) && !is_finite($value)) {
        return (string) $value;
    }
    if ($value instanceof \stdClass) {
        $out = new \stdClass();
        foreach (get_object_vars($value) as $key => $item) {
            $out->{$key} = lc_normalise($item);
        }
        return $out;
    }
    if (is_array($value)) {
        return array_map('lc_normalise', $value);
    }
    return $value;
}

/** The accepted answer for claims the implementation accepted (answer shape only). */
function lc_kept_claims(array $claims): array
{
    $kept = [];
    foreach (LC_REQUIRED_CLAIMS as $name) {
        $kept[$name] = $claims[$name] ?? null;
    }
    $aud = $claims['aud'] ?? null;
    if (is_array($aud) && count($aud) === 1 && array_is_list($aud) && is_string($aud[0])) {
        // The outcome's aud is a string: an accepted aud array of one string is reported as that string, the audience
        // the library matched (Vectors/DECISIONS.md D54).
        $kept['aud'] = $aud[0];
    }
    foreach ($claims as $name => $value) {
        $name = (string) $name;
        if (in_array($name, LC_REQUIRED_CLAIMS, true)) {
            continue;
        }
        if ($name === 'cnf') {
            $jkt = is_array($value) ? ($value['jkt'] ?? null) : ($value instanceof \stdClass ? ($value->jkt ?? null) : null);
            if (is_string($jkt) && $jkt !== '') {
                $kept['cnf'] = (object) ['jkt' => $jkt];
            }
        } elseif (lc_optional_kept($name, $value)) {
            $kept[$name] = $value;
        }
    }
    return ['result' => 'accepted', 'claims' => (object) lc_normalise($kept)];
}

/** One segment of a compact JWT, decoded unverified (for the adapter checks, after the implementation accepted). */
function lc_segment(string $token, int $index)
{
    $segment = explode('.', $token)[$index] ?? '';
    return json_decode(base64_decode(strtr($segment, '-_', '+/')), true);
}

/** The adapter checks (each only when listed): what a developer adds where the implementation has no option. */
function lc_adapter_checks(array $checks, $header, array $claims, $input): void
{
    $header = is_array($header) ? $header : [];
    if (in_array('alg', $checks, true) && ($header['alg'] ?? null) !== 'RS256') {
        throw new LcRejected('headerAlgorithm');
    }
    if (in_array('typ', $checks, true) && ($header['typ'] ?? null) !== 'JWT') {
        throw new LcRejected('headerType');
    }
    if (in_array('claim-types', $checks, true)) {
        foreach (LC_REQUIRED_CLAIMS as $name) {
            if (!array_key_exists($name, $claims)) {
                throw new LcRejected('missingClaim', $name);
            }
        }
        foreach (LC_REQUIRED_CLAIMS as $name) {
            $ok = in_array($name, ['exp', 'iat'], true) ? lc_is_number($claims[$name]) : is_string($claims[$name]);
            if (!$ok) {
                throw new LcRejected('wrongClaimType', $name);
            }
        }
        foreach (['jti', 'sub', 'nonce'] as $name) {
            if ($claims[$name] === '') {
                throw new LcRejected('emptyClaim', $name);
            }
        }
    }
    if (in_array('issuer-audience', $checks, true)) {
        if (!in_array($claims['iss'] ?? null, LC_DOCUMENTED_ISSUERS, true)) {
            throw new LcRejected('issuer');
        }
        if (($claims['aud'] ?? null) !== $input->appID) {
            throw new LcRejected('audience');
        }
    }
    $now = $input->now;
    if (in_array('exp-strict', $checks, true) && lc_is_number($claims['exp'] ?? null) && !($claims['exp'] > $now)) {
        throw new LcRejected('expired');
    }
    if (in_array('iat-max-age', $checks, true) && lc_is_number($claims['iat'] ?? null)
        && $claims['iat'] < $now - LC_MAX_TOKEN_AGE) {
        throw new LcRejected('issuedTooLongAgo');
    }
    if (in_array('nonce', $checks, true) && ($claims['nonce'] ?? null) !== $input->expectedNonce) {
        throw new LcRejected('nonceMismatch');
    }
}

/** The answer for claims the implementation accepted: the adapter checks first (when given), then the shape. */
function lc_accepted(array $checks, array $claims, $input): array
{
    if ($checks) {
        lc_adapter_checks($checks, lc_segment($input->token, 0), $claims, $input);
    }
    return lc_kept_claims($claims);
}

function lc_write(array $message): void
{
    $line = json_encode($message, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE);
    if ($line === false) {
        $line = json_encode(['type' => 'errored', 'seq' => $message['seq'] ?? 0,
            'message' => 'adapter: the answer is not JSON: ' . json_last_error_msg()]);
    }
    fwrite(STDOUT, $line . "\n");
    fflush(STDOUT);
}

/**
 * The protocol loop on standard input and output, signed-token family, documented profile. handler(input, checks):
 * input is the run request's input decoded with objects as stdClass; checks the adapter checks when
 * `--adapter-checks` was given, else [].
 */
function lc_serve(array $implementation, array $adapterChecks, callable $handler, array $argv): void
{
    $checks = in_array('--adapter-checks', $argv, true) ? $adapterChecks : [];
    while (($line = fgets(STDIN)) !== false) {
        if (trim($line) === '') {
            continue;
        }
        $request = json_decode($line);
        $type = $request->type ?? null;
        if ($type === 'start') {
            lc_write(['type' => 'started', 'protocolVersion' => LC_PROTOCOL_VERSION, 'implementation' => $implementation,
                'capabilities' => ['signed-token'], 'profile' => 'documented']);
        } elseif ($type === 'stop') {
            return;
        } elseif ($type === 'run') {
            $seq = $request->seq;
            if (($request->family ?? null) !== 'signed-token') {
                lc_write(['type' => 'skipped', 'seq' => $seq, 'reason' => 'family not adopted']);
                continue;
            }
            try {
                $outcome = $handler($request->input, $checks);
            } catch (LcRejected $rejected) {
                $outcome = $rejected->outcome();
            } catch (\Throwable $error) {
                lc_write(['type' => 'errored', 'seq' => $seq, 'message' => get_class($error) . ': ' . $error->getMessage()]);
                continue;
            }
            lc_write(['type' => 'result', 'seq' => $seq, 'outcome' => $outcome]);
        }
    }
}
