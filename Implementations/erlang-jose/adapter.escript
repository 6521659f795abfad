#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
-mode(compile).
%% erlang-jose (Debian erlang-jose, JSON through Debian's erlang-jiffy; the installed version is reported) as a Limited
%% Login server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile
%% (the JWKS key source).
%%
%% Configured from jose's documentation: jose_jwt:verify_strict(JWK, [<<"RS256">>], Token), the allow-list form of
%% verify (verify/2 takes the algorithm from the token). jose verifies with one JWK: a JWK set cannot be given to
%% verify (jose_jwk_set has no verify), so the key selection every caller writes picks the JWKS entry whose kid equals
%% the header's and refuses a missing or unknown kid (integration, as golang-jwt's keyFunc). jose is a JOSE library: it
%% validates no claim (exp, iss, aud, iat, nonce, the required claims and their types are the caller's) and has no
%% option for typ. `--adapter-checks` adds every one of those (implementation.json lists them); without it the answer
%% is jose's alone. Every option and why: implementation.json's optionsAudit.

-define(REQUIRED, [<<"jti">>, <<"iss">>, <<"aud">>, <<"exp">>, <<"iat">>, <<"nonce">>, <<"sub">>]).
-define(ISSUERS, [<<"https://www.facebook.com">>, <<"https://limited.facebook.com">>]).
-define(OPTIONAL_STRINGS, [<<"name">>, <<"given_name">>, <<"middle_name">>, <<"family_name">>, <<"email">>,
                           <<"picture">>, <<"user_birthday">>, <<"user_gender">>, <<"user_link">>]).
-define(CHECKS, [<<"typ">>, <<"claim-types">>, <<"issuer-audience">>, <<"exp-strict">>, <<"iat-max-age">>,
                 <<"nonce">>]).

main(Args) ->
    {ok, _} = application:ensure_all_started(jose),
    jose:json_module(jose_json_jiffy),
    io:setopts(standard_io, [binary, {encoding, unicode}]),  % the protocol is UTF-8: read and written as UTF-8
    Checks = case lists:member("--adapter-checks", Args) of true -> ?CHECKS; false -> [] end,
    loop(Checks).

loop(Checks) ->
    case io:get_line(standard_io, "") of
        eof -> ok;
        {error, _} -> ok;
        Line ->
            case string:trim(Line) of
                <<>> -> loop(Checks);
                Text -> handle(jiffy:decode(Text, [return_maps]), Checks)
            end
    end.

handle(#{<<"type">> := <<"start">>}, Checks) ->
    {ok, Version} = application:get_key(jose, vsn),
    write(#{type => started, protocolVersion => 1,
            implementation => #{name => <<"erlang-jose">>, version => list_to_binary(Version), language => erlang},
            capabilities => [<<"signed-token">>], profile => documented}),
    loop(Checks);
handle(#{<<"type">> := <<"stop">>}, _Checks) ->
    ok;
handle(#{<<"type">> := <<"run">>, <<"seq">> := Seq} = Request, Checks) ->
    case maps:get(<<"family">>, Request, null) of
        <<"signed-token">> ->
            Message = try validate(maps:get(<<"input">>, Request), Checks) of
                          Outcome -> #{type => result, seq => Seq, outcome => Outcome}
                      catch
                          throw:{rejected, Reason} ->
                              #{type => result, seq => Seq, outcome => #{result => rejected, reason => Reason}};
                          throw:{rejected, Reason, Claim} ->
                              #{type => result, seq => Seq,
                                outcome => #{result => rejected, reason => Reason, claim => Claim}};
                          Class:Error ->
                              #{type => errored, seq => Seq,
                                message => iolist_to_binary(io_lib:format("~p:~0P", [Class, Error, 12]))}
                      end,
            write(Message);
        _ ->
            write(#{type => skipped, seq => Seq, reason => <<"family not adopted">>})
    end,
    loop(Checks);
handle(_, Checks) ->
    loop(Checks).

write(Message) ->
    Line = try jiffy:encode(Message)
           catch _:_ -> jiffy:encode(Message, [force_utf8])
           end,
    io:put_chars(standard_io, [Line, $\n]).

%% --- validation -----------------------------------------------------------------------------------------------

reject(Reason) -> throw({rejected, Reason}).
reject(Reason, Claim) -> throw({rejected, Reason, Claim}).

header_of(Token) ->
    case binary:split(Token, <<".">>, [global]) of
        [_, _, _] -> ok;
        _ -> reject(malformed)
    end,
    try
        {_, Header} = jose_jws:to_map(jose_jwt:peek_protected(Token)),
        Header
    catch
        _:_ ->
            %% jose cannot read the header (it refuses the token); the reason is named from the raw header
            reject(case raw_header_alg(Token) of
                       <<"RS256">> -> badJSON;
                       unreadable -> badJSON;
                       _ -> headerAlgorithm
                   end)
    end.

raw_header_alg(Token) ->
    try
        [Segment | _] = binary:split(Token, <<".">>),
        {ok, Json} = jose_base64url:decode(Segment),
        Header = jiffy:decode(Json, [return_maps]),
        maps:get(<<"alg">>, Header, missing)
    catch
        _:_ -> unreadable
    end.

%% The key selection every caller of jose writes: the JWKS entry whose kid is the header's (no fall-back).
key_for(Header, JWKS) ->
    Kid = maps:get(<<"kid">>, Header, undefined),
    case is_binary(Kid) andalso Kid =/= <<>> of
        false -> reject(headerKeyID);
        true -> ok
    end,
    Keys = case JWKS of #{<<"keys">> := List} when is_list(List) -> List; _ -> [] end,
    case [Key || Key <- Keys, is_map(Key), maps:get(<<"kid">>, Key, undefined) =:= Kid] of
        [Key | _] ->
            try jose_jwk:from_map(Key)
            catch _:_ -> reject(unknownKeyID)
            end;
        [] -> reject(unknownKeyID)
    end.

validate(Input, Checks) ->
    Token = maps:get(<<"token">>, Input),
    Header = header_of(Token),
    JWK = key_for(Header, maps:get(<<"jwks">>, maps:get(<<"keys">>, Input))),
    Result = try jose_jwt:verify_strict(JWK, [<<"RS256">>], Token)
             catch
                 _:_ -> reject(badJSON)
             end,
    case Result of
        {true, JWT, _JWS} ->
            {_, Claims} = jose_jwt:to_map(JWT),
            case is_map(Claims) of true -> ok; false -> reject(badJSON) end,
            adapter_checks(Checks, Header, Claims, Input),
            kept_claims(Claims);
        {false, _, _} ->
            case maps:get(<<"alg">>, Header, undefined) of
                <<"RS256">> -> reject(signatureInvalid);
                _ -> reject(headerAlgorithm)
            end
    end.

%% --- the answer's shape and the adapter checks ------------------------------------------------------------------

is_string(V) -> is_binary(V).
is_num(V) -> is_integer(V) orelse is_float(V).

optional_kept(Name, Value) ->
    case lists:member(Name, ?OPTIONAL_STRINGS) of
        true -> is_string(Value);
        false ->
            case Name of
                <<"user_friends">> -> is_list(Value) andalso lists:all(fun is_string/1, Value);
                <<"user_age_range">> ->
                    is_map(Value) andalso map_size(Value) > 0 andalso lists:all(fun is_num/1, maps:values(Value));
                N when N =:= <<"user_hometown">>; N =:= <<"user_location">> ->
                    is_map(Value) andalso map_size(Value) > 0 andalso lists:all(fun is_string/1, maps:values(Value));
                _ -> false
            end
    end.

kept_claims(Claims) ->
    Required = maps:from_list([{Name, maps:get(Name, Claims, null)} || Name <- ?REQUIRED]),
    %% The outcome's aud is a string: an accepted aud array of one string is that string (DECISIONS.md D54).
    WithAud = case maps:get(<<"aud">>, Claims, null) of
                  [Only] when is_binary(Only) -> Required#{<<"aud">> => Only};
                  _ -> Required
              end,
    Kept = maps:fold(
             fun(Name, Value, Acc) ->
                     case lists:member(Name, ?REQUIRED) of
                         true -> Acc;
                         false when Name =:= <<"cnf">> ->
                             case Value of
                                 #{<<"jkt">> := Jkt} when is_binary(Jkt), Jkt =/= <<>> ->
                                     Acc#{<<"cnf">> => #{<<"jkt">> => Jkt}};
                                 _ -> Acc
                             end;
                         false ->
                             case optional_kept(Name, Value) of true -> Acc#{Name => Value}; false -> Acc end
                     end
             end, WithAud, Claims),
    #{result => accepted, claims => Kept}.

check(Name, Checks, Fun) ->
    case lists:member(Name, Checks) of true -> Fun(); false -> ok end.

adapter_checks(Checks, Header, Claims, Input) ->
    Now = maps:get(<<"now">>, Input),
    check(<<"typ">>, Checks, fun() ->
        case maps:get(<<"typ">>, Header, undefined) of <<"JWT">> -> ok; _ -> reject(headerType) end end),
    check(<<"claim-types">>, Checks, fun() ->
        [case maps:is_key(Name, Claims) of true -> ok; false -> reject(missingClaim, Name) end || Name <- ?REQUIRED],
        [case (Name =:= <<"exp">> orelse Name =:= <<"iat">>) of
             true -> case is_num(maps:get(Name, Claims)) of true -> ok; false -> reject(wrongClaimType, Name) end;
             false -> case is_string(maps:get(Name, Claims)) of true -> ok; false -> reject(wrongClaimType, Name) end
         end || Name <- ?REQUIRED],
        [case maps:get(Name, Claims) of <<>> -> reject(emptyClaim, Name); _ -> ok end
         || Name <- [<<"jti">>, <<"sub">>, <<"nonce">>]]
    end),
    check(<<"issuer-audience">>, Checks, fun() ->
        case lists:member(maps:get(<<"iss">>, Claims, null), ?ISSUERS) of true -> ok; false -> reject(issuer) end,
        case maps:get(<<"aud">>, Claims, null) =:= maps:get(<<"appID">>, Input) of
            true -> ok; false -> reject(audience)
        end
    end),
    check(<<"exp-strict">>, Checks, fun() ->
        Exp = maps:get(<<"exp">>, Claims, null),
        case is_num(Exp) andalso not (Exp > Now) of true -> reject(expired); false -> ok end end),
    check(<<"iat-max-age">>, Checks, fun() ->
        Iat = maps:get(<<"iat">>, Claims, null),
        case is_num(Iat) andalso Iat < Now - 600 of true -> reject(issuedTooLongAgo); false -> ok end end),
    check(<<"nonce">>, Checks, fun() ->
        case maps:get(<<"nonce">>, Claims, null) =:= maps:get(<<"expectedNonce">>, Input) of
            true -> ok; false -> reject(nonceMismatch)
        end
    end).
