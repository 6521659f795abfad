<?php
/**
 * laravel/socialite's Facebook provider (FacebookProvider::userFromToken, its Limited Login path getUserByOIDCToken)
 * from source checkouts at the commits implementation.json pins, behind the harness protocol (Vectors/HARNESS.md).
 * Family: signed-token, documented profile (the JWKS key source).
 *
 *   php Implementations/laravel-socialite/adapter.php CHECKOUTS.json [--adapter-checks]
 *
 * CHECKOUTS.json is written by install.sh: the path and commit of each checkout (socialite, firebase/php-jwt,
 * league/oauth1-client). No Composer: socialite, php-jwt and oauth1-client are loaded from the checkouts' src/
 * folders by a PSR-4 autoloader (the namespaces their composer.json `autoload` declares), everything else from
 * Debian's packages and their own autoloaders (/usr/share/php: php-laravel-framework, php-guzzlehttp-guzzle,
 * php-phpseclib3). install.sh checks every file the autoloader can load is the commit's.
 *
 * Called as Laravel's documentation tells a user to retrieve a user from a token (laravel.com/docs/socialite,
 * "Retrieving User Details From a Token"): Socialite::driver('facebook')->userFromToken($token), in a Laravel
 * application (Illuminate\Foundation\Application, with Laravel's own error handling: HandleExceptions, which turns a
 * PHP warning into an ErrorException as every Laravel app does) with socialite's service provider registered and
 * config/services.php's `facebook` entry: client_id = the vector's app ID (the only setting the Limited Login path
 * reads), client_secret and redirect (read when the driver is built). Only what a server's environment decides is
 * given:
 *   - Facebook's key set: socialite fetches https://limited.facebook.com/.well-known/oauth/openid/jwks/ through its
 *     Guzzle client; the provider's own injection point, setHttpClient, gets a Guzzle client (Debian's) whose handler
 *     answers that URL with the vector's JWKS (JSON, as Facebook serves it);
 *   - a token whose header has no kid is not checked as an id_token: socialite sends it to the Graph API as an access
 *     token (GET https://graph.facebook.com/v3.3/me); the handler answers as Facebook does for a string that is not an
 *     access token (HTTP 400, OAuthException code 190), and the ClientException Guzzle raises is the server's answer;
 *   - the clock: php-jwt reads JWT::$timestamp (its documented static for fixing the time) before time(); it is set
 *     to the vector's now. socialite itself reads no clock.
 * Each vector gets a new provider (the manager's drivers forgotten), so nothing is kept from one vector to the next.
 *
 * The verdict is socialite's: a User returned is an acceptance (its claims are the raw array socialite returns,
 * $user->getRaw(), the token's payload as php-jwt decoded it); an exception a refusal. socialite's own refusals and
 * php-jwt's exceptions are named as the suite's reasons by their class and message; any other Throwable escaping
 * userFromToken (an ErrorException from a PHP warning, a TypeError, a Guzzle exception) is answered `errored` with
 * its class and message: it is what the application gets, and implementation.json's classifications say which are
 * findings.
 *
 * `--adapter-checks` adds, after socialite accepted, the checks a socialite user can run today on the token and on
 * $user->getRaw() (implementation.json `adapterChecks`; docs/implementations.md, "laravel/socialite").
 */

require_once __DIR__ . '/../shared/php/lc_adapter.php';

const FACEBOOK_JWKS = 'https://limited.facebook.com/.well-known/oauth/openid/jwks/';
const GRAPH_ME = 'https://graph.facebook.com/v3.3/me';
const ADAPTER_CHECKS = ['typ', 'claim-types', 'exp-strict', 'iat-max-age', 'nonce'];

$arguments = array_slice($argv, 1);
$checkoutsFile = $arguments[0] ?? '';
if (!is_file($checkoutsFile)) {
    fwrite(STDERR, "adapter.php: no checkouts file (install.sh writes it; LC_SOURCE=…)\n");
    exit(2);
}
$checkouts = json_decode(file_get_contents($checkoutsFile), true);

// Debian's packages, through Debian's autoloaders (include_path /usr/share/php).
require_once 'Illuminate/autoload.php';
require_once 'GuzzleHttp/autoload.php';
require_once 'phpseclib3/autoload.php';
// The checkouts, PSR-4 as their composer.json declare.
lc_psr4([
    'Laravel\\Socialite\\' => $checkouts['laravel-socialite']['path'] . '/src',
    'Firebase\\JWT\\' => $checkouts['php-jwt']['path'] . '/src',
    'League\\OAuth1\\Client\\' => $checkouts['oauth1-client']['path'] . '/src',
]);

use Firebase\JWT\BeforeValidException;
use Firebase\JWT\ExpiredException;
use Firebase\JWT\JWT;
use Firebase\JWT\SignatureInvalidException;
use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Illuminate\Config\Repository;
use Illuminate\Foundation\Application;
use Illuminate\Foundation\Bootstrap\HandleExceptions;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Facade;
use Laravel\Socialite\Facades\Socialite;
use Laravel\Socialite\SocialiteServiceProvider;
use Psr\Http\Message\RequestInterface;

$app = new Application(sys_get_temp_dir());
$app->instance('config', new Repository([
    'app' => ['env' => 'production', 'debug' => false],
    'services' => ['facebook' => [
        'client_id' => '',
        'client_secret' => 'login-conformance-app-secret',
        'redirect' => 'https://login-conformance.invalid/auth/facebook/callback',
    ]],
]));
$app->instance('env', 'production');
$app->instance('request', Request::create('https://login-conformance.invalid/auth/facebook/token', 'POST'));
(new HandleExceptions())->bootstrap($app);
ini_set('display_errors', 'stderr');
$app->register(SocialiteServiceProvider::class);
Facade::setFacadeApplication($app);

$jwks = null;
$fetched = [];
$handler = function (RequestInterface $request, array $options) use (&$jwks, &$fetched) {
    $url = (string) $request->getUri();
    $fetched[] = $request->getMethod() . ' ' . $url;
    if ($request->getMethod() === 'GET' && $url === FACEBOOK_JWKS) {
        return Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'],
            json_encode($jwks, JSON_UNESCAPED_SLASHES)));
    }
    if ($request->getMethod() === 'GET' && strncmp($url, GRAPH_ME . '?', strlen(GRAPH_ME) + 1) === 0) {
        return Create::promiseFor(new Response(400, ['Content-Type' => 'application/json'], json_encode(['error' => [
            'message' => 'Invalid OAuth access token - Cannot parse access token', 'type' => 'OAuthException',
            'code' => 190, 'fbtrace_id' => 'login-conformance']])));
    }
    throw new \LogicException("adapter: socialite requested {$request->getMethod()} $url, neither Facebook's JWKS nor the Graph API's /me");
};

/** socialite's and php-jwt's refusals, named; null for any other Throwable (answered errored, as it escapes). */
function refusal(\Throwable $error): ?LcRejected
{
    $message = $error->getMessage();
    if (get_class($error) === \Exception::class) { // socialite's throw_if(…, new Exception(…)) in getUserByOIDCToken
        if ($message === 'Token has incorrect audience.') {
            return new LcRejected('audience');
        }
        if ($message === 'Token has incorrect issuer.') {
            return new LcRejected('issuer');
        }
        return null;
    }
    if ($error instanceof SignatureInvalidException) {
        return new LcRejected('signatureInvalid');
    }
    if ($error instanceof ExpiredException) {
        return new LcRejected('expired');
    }
    if ($error instanceof BeforeValidException) {
        return null; // nbf or iat after now: no reason of the suite's says it
    }
    $table = [ // php-jwt 6.x's UnexpectedValueException / DomainException / InvalidArgumentException messages
        'Wrong number of segments' => new LcRejected('malformed'),
        'Invalid header encoding' => new LcRejected('badJSON'),
        'Invalid claims encoding' => new LcRejected('badJSON'),
        'Payload must be a JSON object' => new LcRejected('badJSON'),
        // JWT::jsonDecode's errors (handleJsonError): the header or payload is not JSON
        'Maximum stack depth exceeded' => new LcRejected('badJSON'),
        'Invalid or malformed JSON' => new LcRejected('badJSON'),
        'Unexpected control character found' => new LcRejected('badJSON'),
        'Syntax error, malformed JSON' => new LcRejected('badJSON'),
        'Malformed UTF-8 characters' => new LcRejected('badJSON'),
        'Unknown JSON error' => new LcRejected('badJSON'),
        'Null result with non-null input' => new LcRejected('badJSON'),
        'Empty algorithm' => new LcRejected('headerAlgorithm'),
        'Algorithm not supported' => new LcRejected('headerAlgorithm'),
        'Incorrect key for this algorithm' => new LcRejected('headerAlgorithm'),
    ];
    if ($error instanceof \UnexpectedValueException || $error instanceof \DomainException) {
        foreach ($table as $fragment => $rejected) {
            if (str_contains($message, $fragment)) {
                return $rejected;
            }
        }
    }
    return null;
}

$validate = function ($input, array $checks) use ($app, &$jwks, &$fetched, $handler) {
    JWT::$timestamp = $input->now;
    $jwks = $input->keys->jwks;
    $fetched = [];
    $app['config']->set('services.facebook.client_id', $input->appID);
    Socialite::forgetDrivers();
    $provider = Socialite::driver('facebook');
    $provider->setHttpClient(new Client(['handler' => HandlerStack::create($handler)]));
    try {
        $user = $provider->userFromToken($input->token);
    } catch (\Throwable $error) {
        $rejected = refusal($error);
        if ($rejected !== null) {
            throw $rejected;
        }
        $message = $error->getMessage();
        if ($error instanceof \GuzzleHttp\Exception\RequestException && $error->hasResponse()) {
            $message = 'HTTP ' . $error->getResponse()->getStatusCode() . ' from ' . $error->getRequest()->getMethod()
                . ' ' . explode('?', (string) $error->getRequest()->getUri())[0] . ': '
                . (json_decode((string) $error->getResponse()->getBody(), true)['error']['message'] ?? '');
        }
        throw new \RuntimeException('userFromToken threw ' . get_class($error) . ': ' . $message, 0, $error);
    }
    $claims = $user->getRaw();
    if (!in_array(FACEBOOK_JWKS, array_map(fn ($f) => substr($f, 4), $fetched), true)) {
        throw new \RuntimeException('adapter: socialite returned a user without verifying an id_token');
    }
    if (($claims['sub'] ?? null) !== $user->getId()) {
        throw new \RuntimeException('adapter: the user ID socialite returned is not the payload\'s sub');
    }
    return lc_accepted($checks, $claims, $input);
};

$commits = implode(', ', array_map(fn ($id) => "$id {$checkouts[$id]['tag']} ({$checkouts[$id]['commit']})",
    ['php-jwt', 'oauth1-client']));
lc_serve(['name' => 'laravel/socialite FacebookProvider::userFromToken',
    'version' => "{$checkouts['laravel-socialite']['tag']} ({$checkouts['laravel-socialite']['commit']}); $commits; "
        . 'illuminate ' . Application::VERSION . ' (Debian)', 'language' => 'php'],
    ADAPTER_CHECKS, $validate, $arguments);

if (getenv('LC_LOADED_FILES')) {
    file_put_contents(getenv('LC_LOADED_FILES'), implode("\n", lc_loaded_files()) . "\n");
}
