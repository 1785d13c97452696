import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, users } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type TeamMember = Schemas['TeamMember'];
type AddBody = Schemas['TeamMemberRequest'];
type ListAnswer = operations['listTeamMembers']['responses'][200]['content']['application/json'];

function memberOf(fields: Partial<TeamMember> & Pick<TeamMember, '_id' | 'fullname' | 'role'>): TeamMember {
  return {
    email: `${fields._id}@team.example.in`,
    phone: null,
    status: 'active',
    lastSignInAt: '2026-11-23T04:30:00.000Z',
    createdAt: '2026-10-01T04:30:00.000Z',
    deactivatedAt: null,
    passwordLinkSentAt: null,
    ...fields,
  };
}

/** The team calls as the contract describes them, over a small team that includes the signed-in admin. */
function teamApi() {
  const team: TeamMember[] = [
    memberOf({ _id: users.admin._id, fullname: users.admin.fullname, role: 'admin', email: users.admin.email }),
    memberOf({ _id: 'm-doctor', fullname: 'Dev Doctor', role: 'doctor', phone: '+919800000002' }),
    memberOf({ _id: 'm-nutri', fullname: 'Neha Nair', role: 'nutritionist', status: 'invited', lastSignInAt: null, passwordLinkSentAt: '2026-11-24T05:00:00.000Z' }),
  ];
  const listed: string[] = [];
  const added: AddBody[] = [];
  const calls: string[] = [];
  let sendWorks = true;
  const answerOf = (member: TeamMember) => HttpResponse.json({ member });
  const find = (id: string) => team.find((member) => member._id === id)!;
  const handlers = [
    http.get<never, never, ListAnswer>('*/api/admin/team-members', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const role = query.get('role');
      const items = team.filter((member) => !role || member.role === role);
      return HttpResponse.json({ items, total: items.length });
    }),
    http.post<never, AddBody>('*/api/admin/team-members', async ({ request }) => {
      const body = await request.json();
      added.push(body);
      if (body.email === 'customer@example.in') {
        const message = 'This e-mail address belongs to a customer’s account, and a customer is not made staff from here.';
        return HttpResponse.json<Schemas['Error']>({ message, code: 'CUSTOMER_ACCOUNT', fields: { email: message } }, { status: 409 });
      }
      const member = memberOf({ _id: 'm-new', fullname: body.fullname, role: body.role, email: body.email, status: 'invited', lastSignInAt: null });
      team.push(member);
      return HttpResponse.json({ member, passwordLink: sendWorks ? 'sent' : 'notSent' }, { status: 201 });
    }),
    http.put<{ id: string }, { role: TeamMember['role'] }>('*/api/admin/team-members/:id/role', async ({ params, request }) => {
      const member = find(params.id);
      member.role = (await request.json()).role;
      calls.push(`role ${params.id} ${member.role}`);
      return answerOf(member);
    }),
    http.post<{ id: string }>('*/api/admin/team-members/:id/deactivation', ({ params }) => {
      calls.push(`deactivate ${params.id}`);
      if (params.id === 'm-last') {
        return HttpResponse.json<Schemas['Error']>({ message: 'This is the last active admin, and the shop needs at least one.', code: 'LAST_ADMIN' }, { status: 409 });
      }
      const member = find(params.id);
      Object.assign(member, { status: 'deactivated', deactivatedAt: '2026-11-24T06:00:00.000Z' });
      return answerOf(member);
    }),
    http.post<{ id: string }>('*/api/admin/team-members/:id/reactivation', ({ params }) => {
      calls.push(`reactivate ${params.id}`);
      const member = find(params.id);
      Object.assign(member, { status: 'active', deactivatedAt: null });
      return answerOf(member);
    }),
    http.post<{ id: string }>('*/api/admin/team-members/:id/password-link', ({ params }) => {
      calls.push(`link ${params.id}`);
      const member = find(params.id);
      return HttpResponse.json({ member, passwordLink: sendWorks ? 'sent' : 'notSent' });
    }),
  ];
  return {
    handlers,
    team,
    listed,
    added,
    calls,
    failSending: () => {
      sendWorks = false;
    },
    sendAgain: () => {
      sendWorks = true;
    },
  };
}

let backend: ReturnType<typeof teamApi>;

beforeEach(() => {
  backend = teamApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the team list', () => {
  it('shows each member’s role, status and last sign-in, filters on the server and keeps the filter in the address', async () => {
    const view = renderShop('/admin/team-members', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Team members, name, a to z' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name▲',
      'E-mail↕',
      'Phone',
      'Role↕',
      'Status',
      'Last sign-in↕',
      'Added on↕',
      'Actions',
    ]);
    // The admin's own row says so once the session has told who is signed in, which may come after the list.
    await within(table).findByText('You');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('You');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('+919800000002');
    expect(rows[2]).toHaveTextContent('Invited');
    expect(rows[2]).toHaveTextContent('Never');
    expect(within(rows[2]!).getByRole('button', { name: 'Send the link again to Neha Nair' })).toBeInTheDocument();

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Doctor');
    await waitFor(() => expect(window.location.search).toBe('?role=doctor'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    await view.user.click(within(screen.getByRole('table')).getByRole('button', { name: /Last sign-in/ }));
    await waitFor(() => expect(window.location.search).toBe('?role=doctor&sort=lastSignInAt'));
    expect(backend.listed).toEqual(['sort=name&limit=20&offset=0', 'role=doctor&sort=name&limit=20&offset=0', 'role=doctor&sort=lastSignInAt&limit=20&offset=0']);
  });

  it('changes a role after confirmation, and says so', async () => {
    const view = renderShop('/admin/team-members', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Change the role of Dev Doctor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the role of Dev Doctor' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText('Choose the new role.')).toBeInTheDocument();
    expect(backend.calls).toEqual([]);
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'nutritionist');
    await view.user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByTestId('team-outcome')).toHaveTextContent('Dev Doctor is now a nutritionist.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(backend.calls).toEqual(['role m-doctor nutritionist']);
  });

  it('deactivates after confirmation, shows the server’s refusal in the dialog, and reactivates', async () => {
    backend.team.push(memberOf({ _id: 'm-last', fullname: 'Last Admin', role: 'admin' }));
    const view = renderShop('/admin/team-members', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Deactivate Last Admin' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Last Admin?' });
    expect(dialog).toHaveTextContent('Every session of Last Admin ends at once');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is the last active admin');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await view.user.click(screen.getByRole('button', { name: 'Deactivate Dev Doctor' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Dev Doctor?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByTestId('team-outcome')).toHaveTextContent('Dev Doctor is deactivated: their sessions have ended');
    const reactivate = await screen.findByRole('button', { name: 'Reactivate Dev Doctor' });
    const doctorRow = within(screen.getByRole('table')).getAllByRole('row').find((row) => within(row).queryByRole('button', { name: 'Reactivate Dev Doctor' }));
    expect(doctorRow).toHaveTextContent('Deactivated');

    await view.user.click(reactivate);
    dialog = await screen.findByRole('alertdialog', { name: 'Reactivate Dev Doctor?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByTestId('team-outcome')).toHaveTextContent('Dev Doctor is active again');
    expect(backend.calls).toEqual(['deactivate m-last', 'deactivate m-doctor', 'reactivate m-doctor']);
  });

  it('sends an invited member’s link again, and says when it could not be sent', async () => {
    backend.failSending();
    const view = renderShop('/admin/team-members', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Send the link again to Neha Nair' }));
    expect(await screen.findByTestId('team-outcome')).toHaveTextContent('could not be sent to m-nutri@team.example.in');
    backend.sendAgain();
    await view.user.click(screen.getByRole('button', { name: 'Send the link again to Neha Nair' }));
    await waitFor(() => expect(screen.getByTestId('team-outcome')).toHaveTextContent('The link to set a password was sent to m-nutri@team.example.in again.'));
  });
});

describe('adding a team member', () => {
  it('checks the fields first, then adds the member and says the link was sent', async () => {
    const view = renderShop('/admin/add-team-member', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a team member' });
    await view.user.click(within(form).getByRole('button', { name: 'Add team member' }));
    expect(await within(form).findByText('Enter the team member’s full name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter their e-mail address: the link to set their password goes there.')).toBeInTheDocument();
    expect(within(form).getByText('Choose their role.')).toBeInTheDocument();
    await view.user.type(within(form).getByRole('textbox', { name: /Mobile number/ }), '12345');
    await view.user.click(within(form).getByRole('button', { name: 'Add team member' }));
    expect(await within(form).findByText('Enter a 10-digit Indian mobile number, like 98765 43210, or leave it empty.')).toBeInTheDocument();
    expect(backend.added).toEqual([]);

    await view.user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Neha Nair');
    await view.user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'neha@team.example.in');
    await view.user.clear(within(form).getByRole('textbox', { name: /Mobile number/ }));
    await view.user.type(within(form).getByRole('textbox', { name: /Mobile number/ }), '98765 43210');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'Nutritionist');
    await view.user.click(within(form).getByRole('button', { name: 'Add team member' }));
    expect(await screen.findByTestId('team-member-added')).toHaveTextContent('Neha Nair is added as a nutritionist.');
    expect(screen.getByTestId('team-member-added')).toHaveTextContent('A link to set their password was sent to neha@team.example.in');
    expect(backend.added).toEqual([{ fullname: 'Neha Nair', email: 'neha@team.example.in', phone: '98765 43210', role: 'nutritionist' }]);
    expect(within(form).getByRole('textbox', { name: 'Full name' })).toHaveValue('');
  });

  it('shows the server’s refusal at the e-mail field', async () => {
    const view = renderShop('/admin/add-team-member', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a team member' });
    await view.user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Chetan Customer');
    await view.user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'customer@example.in');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'Doctor');
    await view.user.click(within(form).getByRole('button', { name: 'Add team member' }));
    const message = 'This e-mail address belongs to a customer’s account, and a customer is not made staff from here.';
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    // Said above the form and at the e-mail field.
    expect(within(form).getAllByText(message)).toHaveLength(2);
    expect(within(form).getByRole('textbox', { name: 'E-mail address' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the link could not be sent, and sends it again', async () => {
    backend.failSending();
    const view = renderShop('/admin/add-team-member', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a team member' });
    await view.user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Dev Kumar');
    await view.user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'dev.kumar@team.example.in');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'Doctor');
    await view.user.click(within(form).getByRole('button', { name: 'Add team member' }));
    const added = await screen.findByTestId('team-member-added');
    expect(added).toHaveTextContent('The link to set their password could not be sent to dev.kumar@team.example.in');
    backend.sendAgain();
    await view.user.click(within(added).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(screen.getByTestId('team-member-added')).toHaveTextContent('A link to set their password was sent'));
    expect(backend.calls).toEqual(['link m-new']);
  });
});
