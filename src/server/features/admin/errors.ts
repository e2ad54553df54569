// The error answers every admin route may give, as the other features declare them.
export { errorResponses as adminErrors } from "../../http/error-responses";
