// The application's few typed errors; one handler in app.ts maps them to status codes.
export class AppError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
/** A 400 about one field of the body: answered as the schema's own 400s are, `{ message, issues }`. */
export class FieldError extends BadRequestError {
  readonly field: string;
  readonly detail: string;
  constructor(field: string, detail: string) {
    super(`${field}: ${detail}`);
    this.field = field;
    this.detail = detail;
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = "You do not have access to this.") {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** The database cannot serve the request now (decision 107); the caller may retry after a few seconds. */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message = "The service is busy. Please try again in a few seconds.", retryAfterSeconds = 5) {
    super(503, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
