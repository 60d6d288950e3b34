import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "./api-error";
import { api } from "./client";
import { installFakeBrowser, type FakeBrowser } from "./fake-browser";
import { tokens } from "./tokens";

let browser: FakeBrowser;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Stubs fetch with a handler that sees the path and the bearer token of each call. */
function stubFetch(handler: (path: string, bearer: string | null, body: unknown) => Response | Promise<Response>) {
  const calls: { path: string; bearer: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization ?? null;
    const bearer = auth?.replace(/^Bearer /, "") ?? null;
    calls.push({ path, bearer });
    return handler(path, bearer, init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiClientError);
  return error as ApiClientError;
}

beforeEach(() => {
  browser = installFakeBrowser("/profile/orders");
});

afterEach(() => {
  vi.unstubAllGlobals();
  browser.uninstall();
});

describe("token refresh", () => {
  it("refreshes exactly once for concurrent requests with an expired token and retries all with the new one", async () => {
    tokens.save({ accessToken: "expired", refreshToken: "refresh-1" }, false);
    const calls = stubFetch(async (path, bearer, body) => {
      if (path === "/api/Accounts/refresh") {
        expect(body).toEqual({ refreshToken: "refresh-1" });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { accessToken: "fresh", refreshToken: "refresh-2" });
      }
      return bearer === "fresh" ? json(200, { path }) : json(401, { status: 401, title: "Unauthorized" });
    });

    const paths = ["/api/orders", "/api/balance", "/api/Accounts/profile", "/api/orders?x=1", "/api/prices"];
    const answers = await Promise.all(paths.map((path) => api<{ path: string }>(path)));

    expect(answers.map((answer) => answer.path)).toEqual(paths);
    expect(calls.filter((call) => call.path === "/api/Accounts/refresh")).toHaveLength(1);
    const retries = calls.filter((call) => call.path !== "/api/Accounts/refresh" && call.bearer === "fresh");
    expect(retries.map((call) => call.path).sort()).toEqual([...paths].sort());
    expect(browser.sessionStorage.getItem("jwtToken")).toBe("fresh");
    expect(browser.sessionStorage.getItem("refreshToken")).toBe("refresh-2");
    expect(browser.localStorage.getItem("jwtToken")).toBeNull();
  });

  it("also refreshes on 403 and keeps remember-me tokens in localStorage", async () => {
    tokens.save({ accessToken: "old", refreshToken: "r" }, true);
    stubFetch((path, bearer) => {
      if (path === "/api/Accounts/refresh") return json(200, { accessToken: "new", refreshToken: "r2" });
      return bearer === "new" ? json(200, { ok: true }) : json(403, { status: 403, title: "Forbidden" });
    });
    await expect(api("/api/orders")).resolves.toEqual({ ok: true });
    expect(browser.localStorage.getItem("jwtToken")).toBe("new");
    expect(browser.sessionStorage.getItem("jwtToken")).toBeNull();
  });

  it("forgets the tokens and goes to /not-logged-in with the reason when the refresh fails", async () => {
    tokens.save({ accessToken: "expired", refreshToken: "spent" }, true);
    stubFetch((path) =>
      path === "/api/Accounts/refresh" ? json(401, { status: 401, title: "Unauthorized" }) : json(401, { status: 401, title: "Unauthorized" }),
    );
    await failure(Promise.all([api("/api/orders"), api("/api/balance")]));
    expect(browser.navigations).toEqual(["/not-logged-in?reason=You%20were%20logged%20out"]);
    for (const store of [browser.localStorage, browser.sessionStorage]) {
      expect(store.getItem("jwtToken")).toBeNull();
      expect(store.getItem("refreshToken")).toBeNull();
    }
  });

  it("sends a Spanish page to the Spanish /not-logged-in", async () => {
    browser.uninstall();
    browser = installFakeBrowser("/es/profile/balance");
    tokens.save({ accessToken: "expired", refreshToken: "spent" }, false);
    stubFetch(() => json(401, { status: 401, title: "Unauthorized" }));
    await failure(api("/api/balance"));
    expect(browser.navigations).toEqual(["/es/not-logged-in?reason=You%20were%20logged%20out"]);
  });

  it("fails with 'refresh token is empty' when there is no refresh token", async () => {
    browser.sessionStorage.setItem("jwtToken", "expired");
    const calls = stubFetch(() => json(401, { status: 401, title: "Unauthorized" }));
    const error = await failure(api("/api/orders"));
    expect(error.messageKey).toBe("refreshTokenEmpty");
    expect(calls.map((call) => call.path)).toEqual(["/api/orders"]);
  });

  it("takes the pair another tab refreshed while this one waited for the refresh lock, spending nothing", async () => {
    tokens.save({ accessToken: "expired", refreshToken: "refresh-1" }, false);
    // The other tab holds the lock, refreshes and hands its new pair on before this tab gets the lock.
    const request = async (_name: string, run: () => Promise<unknown>) => {
      tokens.save({ accessToken: "from-other-tab", refreshToken: "refresh-2" }, false);
      return run();
    };
    vi.stubGlobal("navigator", { locks: { request } });
    const calls = stubFetch((_path, bearer) => (bearer === "from-other-tab" ? json(200, { ok: true }) : json(401, { status: 401, title: "Unauthorized" })));
    await expect(api("/api/orders")).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      { path: "/api/orders", bearer: "expired" },
      { path: "/api/orders", bearer: "from-other-tab" },
    ]);
  });

  it("does not refresh for calls made without auth, such as login", async () => {
    tokens.save({ accessToken: "a", refreshToken: "r" }, false);
    const calls = stubFetch(() => json(401, { status: 401, title: "Unauthorized" }));
    const error = await failure(api("/api/Accounts/login", { body: { email: "x", password: "y" }, auth: false }));
    expect(error.messageKey).toBe("unexpected");
    expect(calls).toEqual([{ path: "/api/Accounts/login", bearer: null }]);
  });
});

describe("errors (CONTRACT §7)", () => {
  it("turns a 400 with field errors into 'Validation failed' with the fields and the general message", async () => {
    stubFetch(() =>
      json(400, { status: 400, title: "One or more validation errors occurred.", errors: { email: ["Taken"], password: ["Too short", "Too common"], "": ["Check the form"] } }),
    );
    const error = await failure(api("/api/Accounts/register", { body: {}, auth: false }));
    expect(error.messageKey).toBe("validationFailed");
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: ["Taken"], password: ["Too short", "Too common"] });
    expect(error.general).toBe("Check the form");
  });

  it("turns a 400 with only the general message into 'A server side error occurred.'", async () => {
    stubFetch(() => json(400, { status: 400, title: "One or more validation errors occurred.", errors: { "": ["Wrong email or password."] } }));
    const error = await failure(api("/api/Accounts/login", { body: {}, auth: false }));
    expect(error.messageKey).toBe("serverSide");
    expect(error.fieldErrors).toEqual({});
    expect(error.general).toBe("Wrong email or password.");
  });

  it("maps 429 to 'Too many requests.'", async () => {
    stubFetch(() => new Response("", { status: 429, headers: { "retry-after": "30" } }));
    expect((await failure(api("/api/Accounts/login", { body: {}, auth: false }))).messageKey).toBe("tooManyRequests");
  });

  it("maps 500 to 'An unexpected server error occurred.'", async () => {
    stubFetch(() => json(500, { status: 500, title: "Internal Server Error" }));
    const error = await failure(api("/api/prices", { body: { currency: "EUR" } }));
    expect(error.messageKey).toBe("unexpected");
    expect(error.status).toBe(500);
  });

  it("maps a network failure to 'An error has occurred.'", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect((await failure(api("/api/prices", { body: { currency: "EUR" } }))).messageKey).toBe("generic");
  });

  it("sends the page language and the bearer token", async () => {
    browser.uninstall();
    browser = installFakeBrowser("/es/profile/account-information");
    tokens.save({ accessToken: "token-1", refreshToken: "r" }, false);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    vi.stubGlobal("fetch", fetchMock);
    await api("/api/Accounts/profile");
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ authorization: "Bearer token-1", "accept-language": "es" });
    expect(init?.credentials).toBe("include");
  });
});
