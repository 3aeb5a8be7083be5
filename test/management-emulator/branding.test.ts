/**
 * auth0-branding in Node-RED against the emulator: the settings, the login page template, the
 * theme, and phone providers and templates (their test messages land in the outbox).
 */
import assert from 'node:assert/strict';
import { itemsOf, payloadOf, useHarness } from './harness';
import { assertStatus } from './fixtures';

const TEMPLATE = '<!DOCTYPE html><html><head>{%- auth0:head -%}</head><body>{%- auth0:widget -%}</body></html>';
// A whole theme, as Auth0 takes it (every group of settings complete; go-auth0's recorded create sends the same keys).
const THEME = {
  displayName: 'Acme',
  borders: {
    button_border_radius: 4,
    button_border_weight: 2,
    buttons_style: 'pill',
    input_border_radius: 2,
    input_border_weight: 2,
    inputs_style: 'pill',
    show_widget_shadow: true,
    widget_border_weight: 2,
    widget_corner_radius: 2,
  },
  colors: {
    body_text: '#1e212a',
    error: '#d03c38',
    header: '#1e212a',
    icons: '#65676e',
    input_background: '#ffffff',
    input_border: '#c9cace',
    input_filled_text: '#000000',
    input_labels_placeholders: '#65676e',
    links_focused_components: '#0059d6',
    primary_button: '#0059d6',
    primary_button_label: '#ffffff',
    secondary_button_border: '#c9cace',
    secondary_button_label: '#1e212a',
    success: '#13a688',
    widget_background: '#ffffff',
    widget_border: '#c9cace',
  },
  fonts: {
    body_text: {
      bold: false,
      size: 87.5,
    },
    buttons_text: {
      bold: false,
      size: 100,
    },
    font_url: '',
    input_labels: {
      bold: false,
      size: 100,
    },
    links: {
      bold: true,
      size: 87.5,
    },
    links_style: 'normal',
    reference_text_size: 16,
    subtitle: {
      bold: false,
      size: 87.5,
    },
    title: {
      bold: false,
      size: 150,
    },
  },
  page_background: {
    background_color: '#ffffff',
    background_image_url: '',
    page_layout: 'center',
  },
  widget: {
    header_text_alignment: 'center',
    logo_height: 52,
    logo_position: 'center',
    logo_url: '',
    social_buttons_layout: 'bottom',
  },
};

describe('management nodes against the emulator: branding', function () {
  this.timeout(60000);
  const h = useHarness();

  it('changes the branding settings and reads them back', async () => {
    const before = payloadOf(await h.run('branding', 'get', {}));
    await h.run('branding', 'update', { body: { logo_url: 'https://cdn.example.com/logo.png' } });
    const after = payloadOf(await h.run('branding', 'get', {}));
    assert.equal(after.logo_url, 'https://cdn.example.com/logo.png');
    assert.deepEqual(after.colors, before.colors, 'the colours are kept');
  });

  it('sets the login page template, replaces it, reads it, and deletes it', async () => {
    assert.equal((await h.fail('branding', 'get_template_universal_login', {})).statusCode, 404);
    assertStatus(await h.run('branding', 'update_template_universal_login', { body: TEMPLATE }), 'update_template_universal_login', 201);
    assertStatus(
      await h.run('branding', 'update_template_universal_login', { body: TEMPLATE.replace('Acme', 'Acme') }),
      'update_template_universal_login',
      204,
    );
    assert.deepEqual(payloadOf(await h.run('branding', 'get_template_universal_login', {})), { body: TEMPLATE });
    assert.equal((await h.fail('branding', 'update_template_universal_login', { body: '<html>no tags</html>' })).statusCode, 400);
    assertStatus(await h.run('branding', 'delete_template_universal_login', {}), 'delete_template_universal_login', 204);
    assert.equal((await h.fail('branding', 'get_template_universal_login', {})).statusCode, 404);
  });

  it('creates the one theme, reads it as the default, updates and deletes it', async () => {
    assert.equal((await h.fail('branding', 'get_default_branding_theme', {})).statusCode, 404);
    const theme = payloadOf(await h.run('branding', 'create_branding_theme', { body: THEME }));
    assert.ok(theme.themeId);
    assert.equal((await h.fail('branding', 'create_branding_theme', { body: THEME })).statusCode, 409, 'one theme per tenant');
    assert.deepEqual(payloadOf(await h.run('branding', 'get_default_branding_theme', {})), theme);
    const updated = payloadOf(await h.run('branding', 'update_branding_theme', { theme_id: theme.themeId, body: { ...THEME, displayName: 'Acme dark' } }));
    assert.equal(updated.displayName, 'Acme dark');
    assert.equal(payloadOf(await h.run('branding', 'get_branding_theme', { theme_id: theme.themeId })).displayName, 'Acme dark');
    assertStatus(await h.run('branding', 'delete_branding_theme', { theme_id: theme.themeId }), 'delete_branding_theme', 204);
    assert.equal((await h.fail('branding', 'get_branding_theme', { theme_id: theme.themeId })).statusCode, 404);
  });

  it('configures a phone provider whose credentials are never returned, tests it, and deletes it', async () => {
    const provider = payloadOf(
      await h.run('branding', 'create_phone_provider', {
        body: {
          name: 'twilio',
          credentials: { auth_token: 'twilio-secret' },
          configuration: { sid: 'AC1', default_from: '+15550100', delivery_methods: ['text'] },
        },
      }),
    );
    assert.equal(provider.credentials, undefined);
    assert.ok(!JSON.stringify(provider).includes('twilio-secret'));
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('branding', 'all_phone_providers', { disabled: false })), 'providers').map((p) => p.id),
      [provider.id],
    );
    assert.deepEqual(itemsOf(payloadOf(await h.run('branding', 'all_phone_providers', { disabled: true })), 'providers'), []);
    assertStatus(await h.run('branding', 'try_phone_provider', { id: provider.id, body: { to: '+15550199' } }), 'try_phone_provider', 202);
    assert.ok(h.emulator.outbox.messages.some((m) => m.to === '+15550199' && m.kind === 'phone_provider_test'));
    const updated = payloadOf(await h.run('branding', 'update_phone_provider', { id: provider.id, body: { disabled: true } }));
    assert.equal(updated.disabled, true);
    assert.equal(payloadOf(await h.run('branding', 'get_phone_provider', { id: provider.id })).disabled, true);
    assert.equal(
      (await h.fail('branding', 'try_phone_provider', { id: provider.id, body: { to: '+15550199' } })).statusCode,
      409,
      'a disabled provider sends nothing',
    );
    assertStatus(await h.run('branding', 'delete_phone_provider', { id: provider.id }), 'delete_phone_provider', 204);
    assert.equal((await h.fail('branding', 'get_phone_provider', { id: provider.id })).statusCode, 404);
  });

  it('creates a phone template, customises it, resets it, tests it, and deletes it', async () => {
    const created = payloadOf(await h.run('branding', 'create_phone_template', { body: { type: 'otp_verify' } }));
    const original = created.content;
    assert.equal((await h.fail('branding', 'create_phone_template', { body: { type: 'otp_verify' } })).statusCode, 409, 'one template per type');
    // An update's content takes from and body (Auth0's PartialPhoneTemplateContent; syntax only at creation).
    const custom = { body: { text: 'Acme code: {{code}}', voice: 'Your Acme code is {{code}}' } };
    await h.run('branding', 'update_phone_template', { id: created.id, body: { content: custom } });
    // Auth0 merges the content given into the template's (recorded): syntax and from stay.
    assert.deepEqual(payloadOf(await h.run('branding', 'get_phone_template', { id: created.id })).content, { ...(original as object), ...custom });
    assert.deepEqual(
      itemsOf(payloadOf(await h.run('branding', 'all_phone_templates', {})), 'templates').map((t) => t.id),
      [created.id],
    );
    assertStatus(await h.run('branding', 'try_phone_template', { id: created.id, body: { to: '+15550111' } }), 'try_phone_template', 202);
    assert.ok(h.emulator.outbox.messages.some((m) => m.to === '+15550111' && m.body === 'Acme code: {{code}}'));
    assert.deepEqual(payloadOf(await h.run('branding', 'reset_phone_template', { id: created.id })).content, original);
    assertStatus(await h.run('branding', 'delete_phone_template', { id: created.id }), 'delete_phone_template', 204);
    assert.equal((await h.fail('branding', 'get_phone_template', { id: created.id })).statusCode, 404);
  });

  it('exercised every branding operation', () => {
    h.assertAllExercised('branding');
  });
});
