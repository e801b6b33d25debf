import { none } from "eve/channels/auth";
import { eveChannel } from "eve/channels/eve";

/** Local, anonymous, browser-reachable: the playground binds to 127.0.0.1 only. Never deploy this. */
export default eveChannel({ auth: [none()], cors: true });
