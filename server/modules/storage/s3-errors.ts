import type * as S3 from "@aws-sdk/client-s3";
import { DomainError } from "../../platform/domain-error";
import { DependencyUnavailable, isConnectionFailure } from "../../platform/unavailable";

/** How an S3 failure reads to the store. */
export interface S3Errors {
  /** The object (or bucket) is not there. */
  isMissing(error: unknown): boolean;
  /** S3's own fault (unreachable, a 5xx, a timeout): the store answers 503 with Retry-After, never 500. */
  isServiceFault(error: unknown): boolean;
  /** A failure as the client should see it: a missing object is 404, S3 being down is 503, the rest stays as it is. */
  asStorageError(error: unknown): unknown;
}

/** The SDK's error classes this needs (loaded with the first S3 storage). */
export type S3ErrorClasses = Pick<typeof S3, "NoSuchKey" | "NotFound" | "S3ServiceException">;

export function createS3Errors({ NoSuchKey, NotFound, S3ServiceException }: S3ErrorClasses): S3Errors {
  const isMissing = (error: unknown): boolean => {
    if (error instanceof NotFound || error instanceof NoSuchKey) return true;
    return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  };
  const isServiceFault = (error: unknown): boolean => {
    if (isConnectionFailure(error)) return true;
    if (
      error instanceof S3ServiceException &&
      (error.$fault === "server" || (error.$metadata.httpStatusCode ?? 0) >= 500)
    )
      return true;
    const name = (error as { name?: string } | null)?.name;
    return name === "TimeoutError" || name === "RequestTimeout" || name === "RequestTimeoutException";
  };
  return {
    isMissing,
    isServiceFault,
    asStorageError(error) {
      if (error instanceof DomainError) return error;
      if (isMissing(error)) return DomainError.notFound();
      return isServiceFault(error) ? new DependencyUnavailable("storage", error) : error;
    },
  };
}
