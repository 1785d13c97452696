/** The contact form's topics: one list for the form, the staff's list of messages and the server's acknowledgement. */
export { CONTACT_TOPICS, topicLabel } from '../../machines/contact-topics';
