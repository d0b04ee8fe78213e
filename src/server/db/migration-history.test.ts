import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The sha256 of every migration as committed. A database that ran a migration never runs it again,
 * so editing one that has landed leaves such databases on the old text (0019 was, in fc39eb5):
 * a change is a new migration. Adding one means adding its line here, once, in the same commit.
 */
const COMMITTED_MIGRATIONS: readonly (readonly [file: string, sha256: string])[] = [
  ['0000_init.sql', '847b575df2044b8d2463346697c376455b052a10446b2bec7a2f0652fc9c3300'],
  ['0001_system_accounts.sql', '24470d7044f4ab673981ba5aecc84cdf1f06727fc407e9a0eb4a2f312bf7882c'],
  ['0002_reading_sessions.sql', 'b31bff226824ab03e185d403936d882462e6391579f3369f4a81247da0e8d1a8'],
  ['0003_deposit_attempts.sql', '62782383f895bb94e79c6abe12825ee662d58662c74eb5a02d4ee1dc414ed6fd'],
  ['0004_session_pause_and_reader_presence.sql', '1701e18a7cba755348f3d1471d11bb4848b67ed472dc5ea48edbce1ef80901ff'],
  ['0005_earnings_escrow.sql', '0b7bbc6257b50e0d3e50ac01f1230350b6e3adbf9eb21c9c01fe7ca1c55cd050'],
  ['0006_deposit_first_answer.sql', '52c7e68c6ff55fbb7a4a6824384ac58add608ea117b1b2a542af62f8c937db47'],
  ['0007_user_suspension.sql', '04b261c3a4db53753819efa7ccc69fb2a3625fc95aa4fc873ec63f2a75e45a84'],
  ['0008_dashboards_schedule_favorites.sql', 'd2641f98eb353f79acd1f3e3223a9a7d7adf31a8c3019badef2a31a54ea3723f'],
  ['0009_directory_search_and_reviews_indexes.sql', '432d09b4bc4058089449c6ab86710ee7bfcf7af2cdbf34de265dbc1c754fdf34'],
  ['0010_issue10_meter_limits_receipts_queue.sql', 'e87bfbf202d92fe6df7ca824bcbb8b209ba33e8cb63cb620fe5b5e85b9136444'],
  [
    '0011_issue11_live_streams_follows_notifications.sql',
    '91a5d139e4c6b90fbd912434d2357ba45cc9548a34221fc3598f3f290bf4cb9e',
  ],
  ['0012_issue12_community_shop_reports.sql', '9607f5e551540e39013bdeeef9a886a83eb40f4609abdffd96cc46eedecb02ee'],
  ['0013_issue13_accounts_mail_2fa.sql', '7fa3eb9d8d10ae330c5efffd9426fef99185257f54a63fc08630bd6035a632ab'],
  ['0014_issue14_node_leases.sql', '100b30f85aeb3239b94082fffff1e6adb3330900c270cd7aaabf89c3c1b15353'],
  ['0015_issue14_ledger_charge_function.sql', 'da29adb9f0768f4c903d8c8326b9e160fce129dde78c50c2fb5a730c38407f2b'],
  ['0016_issue14_session_minute_record.sql', 'b73388c8ad2221971939e430d001c49139ca05239a7ca8873eaa93a4cdda3a5a'],
  ['0017_issue14_scheduler_attention_index.sql', '8a0769aeab37c0327eacbe99233b60a6d10c79ce6a388264cd1c003552082d35'],
  ['0018_issue14_revenue_shards.sql', 'ad0ceadba2aeee7b3dff817a8ee69d3233f29f5d484ceb2b50abcefe534a6399'],
  ['0019_issue14_ledger_charge_many.sql', '7956bcb896fce7078726888a93ff09974e177c676d95ea4b3307642a405fc2d3'],
  [
    '0020_issue26_ledger_charge_many_lock_by_array.sql',
    'a423f93c9847d95e1644adda61509e4e2859c1ae328d1d3672c441b6bff535b6',
  ],
  ['0021_ghost_streams.sql', 'a6b10e42e1cc93e5c8382bc679123a171a6d5879a613120157e8249b06a0d2a1'],
  ['0022_admin_moderation_reasons.sql', '698c23eb14e63c30b1cf0eea6fceb254f029157889061d7fc3db30a89941bbf5'],
  ['0023_product_moderation_reasons.sql', 'efaeb627f7a3a43f157a751bb1f5bd498095814214af3a039ad94b756080e1a9'],
  [
    '0024_issue28_stripe_checkout_disputes_connect.sql',
    '17ea39c11e35f45f0b51dcb0be52aa7aa67167ecc0fe59a29df3dc8856fe8b09',
  ],
  ['0025_issue28_payout_transfer_claim.sql', 'd337e9bbdcc314f74468950954f8580cd681501e073de0ee864330e8be0d6742'],
  ['0026_issue28_saved_cards.sql', '9e708c8809fcdd7458d00ccf31a80742c8192a95da92941f29ee3bd10e6890c9'],
  ['0027_issue28_auto_reload.sql', '0f214045c24fbc03f506bde77e7cb7fc28bb7f4140f4128f347e921a40266d26'],
  ['0028_demo_reader.sql', '23cc6d4a9fa0218b91ba7199c83c6641076684d502b27ba6ecfa44707f1062e9'],
  ['0030_issue29_directory_changes.sql', '2eed140585fa13616471fb3ce80ffc14003d533f0802e0fd60e4ec734adbfd46'],
  ['0031_shipping.sql', '6adc3f3fb3c6a4ea769609d55e13e44cee33a2a69d0de88f6436e9c448b80bb6'],
  ['0032_reader_applications.sql', 'f7702cb43d646d223a174e7f83ef6e8c869b8519ff47191ec2a57e395ebc85d0'],
  ['0033_written_readings.sql', '71cc5d2d61a2a164fb4e4f139df48acea3381415ba0b24fa862cfb4bf8f1de93'],
  ['0034_appointments.sql', '333c1bb24aecccf4ef30b9b5652952f6da165c5a1b98e44c774dfd370310f0a8'],
  ['0035_push_notifications.sql', '3f1b50b06f540d0e1483850eb1e17e5dc896da013a15dcd8f8ae3e873753861c'],
  ['0036_booked_reading_extension.sql', '335d2f583397d979e684593f19ad33a3f823a9717adb15a528f8dab28f574083'],
  ['0037_push_subscriptions_per_session.sql', '246571f1c6e7f65286324a73055148c08b83ae6ccdfce85e0952660da377677b'],
  ['0038_janus_stream_rooms.sql', '68a26cda6d96900b6f4f45fe42640633648288e74122b4f3bfff4622a62f63b5'],
  ['0039_promotional_credit.sql', '095036ded9b3fa698b660f6fe08bee8406067bf149b3dc10846bfb63d49431ea'],
  ['0040_deposit_promotions.sql', 'ca29c0e5a73b72a70c1ee81cbf6effa642e437193cb8f1e574811bb5d0c0ab5e'],
  ['0041_welcome_offer_and_breaks.sql', '9a1db1089cf020f8929be3831166b553ab93ed251a3b2b9ddac72c345ebbe961'],
  ['0042_referrals.sql', '99c60f4cc452bd738dda79712a354da1a4359fac94c3bd0fb2ef364ad5a9a73e'],
  ['0043_card_payments_and_offers.sql', 'b4eb6c6f4392eca9228b489880e8c0885fcb3afe60963f90fc24c5cddb5e2e08'],
  ['0044_safe_room.sql', '85fa5ae8a3a7fe4c1dd04b077d242394f188207948461a1720e40e6a67b5f740'],
  ['0045_reader_service_notices.sql', '986c24e2815d89a7695ee2eff520ea791910f0ebfcfbff8694b4cc16cc972493'],
  ['0046_blocks_move_service.sql', 'e1cc5d689399777d6879505906c5d425ea4cb7769060f61a3693583a83eea51b'],
];

const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(`${migrationsDir}/${file}`))
    .digest('hex');

describe('migration history', () => {
  it('keeps every committed migration byte for byte', () => {
    const edited = COMMITTED_MIGRATIONS.filter(([file, hash]) => sha256(file) !== hash).map(([file]) => file);
    expect(edited, 'a migration that landed was edited: put the change in a new migration').toEqual([]);
  });

  it('lists every migration file, in the order the journal runs them', () => {
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(files).toEqual(COMMITTED_MIGRATIONS.map(([file]) => file));
    const journal = JSON.parse(readFileSync(`${migrationsDir}/meta/_journal.json`, 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });
});
