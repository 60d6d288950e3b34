import { useEffect, useState } from "react";
import type { Profile } from "../../../contract/accounts";
import { ApiClientError } from "~/lib/api/api-error";
import { fetchProfile } from "./account-calls";

/** The signed-in customer's profile, loaded once the guard lets the page in; `setProfile` takes a saved one. */
export function useProfile() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failure, setFailure] = useState<ApiClientError | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal).then(setProfile, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(error instanceof ApiClientError ? error : new ApiClientError("generic", 0));
    });
    return () => controller.abort();
  }, []);

  return { profile, setProfile, failure };
}
