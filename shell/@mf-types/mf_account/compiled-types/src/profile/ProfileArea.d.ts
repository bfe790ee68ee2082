/**
 * Everything under /profile/*. Signed-out visitors, and customers whose token the server
 * refused (a 401 signs them out), are sent to /login.
 */
export default function ProfileArea(): JSX.Element;
