/**
 * Demo data for the embedded setup: the four kits, a welcome coupon, one account per role, and the blog's and the
 * cookbook's first posts and recipes (services/content/seed.ts). Safe to run on every start: existing rows are left
 * as they are, so changes made through the app survive a restart.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Role } from '../../machines/roles';
import { seedContent } from '../services/content/seed';
import type { Db } from './db';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface DemoAccount {
  uid: string;
  email: string;
  fullname: string;
  phone: string;
  role: Role;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { uid: 'demo-admin', email: 'admin@demo.test', fullname: 'Asha Admin', phone: '+919800000001', role: 'admin' },
  { uid: 'demo-doctor', email: 'doctor@demo.test', fullname: 'Devika Rao', phone: '+919800000002', role: 'doctor' },
  {
    uid: 'demo-nutritionist',
    email: 'nutritionist@demo.test',
    fullname: 'Nisha Iyer',
    phone: '+919800000003',
    role: 'nutritionist',
  },
  { uid: 'demo-customer', email: 'customer@demo.test', fullname: 'Chetan Customer', phone: '+919800000004', role: 'customer' },
];

export const DEMO_PRODUCTS = [
  {
    code: 'PROD-G3G-LITE',
    name: 'Gut Start',
    slug: 'gut360-start',
    summary: 'A first look at your gut microbiome: the starter test with a personal summary report.',
    price: 499900,
    actual_price: 999900,
    sort: 1,
  },
  {
    code: 'PROD-G360',
    name: 'Gut 360',
    slug: 'gut360',
    summary: 'Whole-genome sequencing of your gut microbiome with a detailed report and a nutritionist consultation.',
    price: 1499900,
    actual_price: 1999900,
    sort: 2,
  },
  {
    code: 'PROD-GSENS',
    name: 'Gut SEnS',
    slug: 'gutsens',
    summary: 'How your gut relates to sleep, energy and stress, with questionnaires and a targeted plan.',
    price: 999900,
    actual_price: 1299900,
    sort: 3,
  },
  {
    code: 'PROD-IBS-HEAL',
    name: 'Gut Heal',
    slug: 'ibs-heal',
    summary: 'A guided programme for IBS: microbiome test, diet plan and follow-up with a gut-health expert.',
    price: 1199900,
    actual_price: 1599900,
    sort: 4,
  },
] as const;

export const DEMO_COUPON = { code: 'WELCOME10', percentage: 10 } as const;

/**
 * The Firebase account of a demo user, created in the Auth emulator when it is missing. Returns the uid to link,
 * which differs from the fixed one only when someone registered the demo e-mail address by hand first.
 */
async function ensureFirebaseAccount(auth: Auth, account: DemoAccount): Promise<string> {
  try {
    await auth.createUser({
      uid: account.uid,
      email: account.email,
      emailVerified: true,
      password: DEMO_PASSWORD,
      displayName: account.fullname,
      phoneNumber: account.phone,
    });
    return account.uid;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'auth/uid-already-exists') return account.uid;
    if (code === 'auth/email-already-exists' || code === 'auth/phone-number-already-exists') {
      return (await auth.getUserByEmail(account.email)).uid;
    }
    throw error;
  }
}

/** `auth` is the Auth emulator, or `null` when there is none to create the sign-in accounts in. */
export async function seedDemoData(db: Db, auth: Auth | null): Promise<void> {
  for (const product of DEMO_PRODUCTS) {
    await db.query(
      `INSERT INTO products (code, name, slug, summary, price, actual_price, image, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        product.code,
        product.name,
        product.slug,
        product.summary,
        product.price,
        product.actual_price,
        `/images/products/${product.slug}.svg`,
        product.sort,
      ],
    );
  }
  await db.query(
    `INSERT INTO coupons (code, percentage, per_user_limit) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING`,
    [DEMO_COUPON.code, DEMO_COUPON.percentage],
  );
  for (const account of DEMO_ACCOUNTS) {
    const uid = auth ? await ensureFirebaseAccount(auth, account) : account.uid;
    await db.query(
      `INSERT INTO users (firebase_uid, email, phone, fullname, role) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [uid, account.email, account.phone, account.fullname, account.role],
    );
  }
  // Written by the demo staff, so after their accounts.
  await seedContent(db);
}
