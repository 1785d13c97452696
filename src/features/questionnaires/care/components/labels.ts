/** A customer as the care pages name them: their name, or a plain word when they gave none. */
export const nameOf = (customer: { fullname: string }) => customer.fullname.trim() || 'No name given';

/** In place of the e-mail address of a customer who signed up with their phone number alone. */
export const NO_EMAIL = 'No e-mail address';
