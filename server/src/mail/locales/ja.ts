import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `${v.server} にサインイン`,
    heading: `${v.server} にサインイン`,
    intro: `下のリンクから ${v.server} にサインインしてください。`,
    button: "サインイン",
    validity: `リンクは ${v.minutes} 分間、1 回だけ使えます。`,
    ignore: "心当たりがない場合は、このメールを無視してください。リンクがなければ誰もサインインできません。",
  }),
  invite: (v) => ({
    subject: `${v.server} への招待が届いています`,
    heading: `${v.server} に参加`,
    intro: `${v.server} への参加に招待されました。下のリンクを開き、名前を決めて始めましょう。`,
    button: "参加する",
    validity: `リンクは ${v.minutes} 分間、1 回だけ使えます。`,
    ignore: "参加しない場合は、このメールを無視してください。",
  }),
  register: (v) => ({
    subject: `${v.server} のメールアドレスを確認してください`,
    heading: `${v.server} へようこそ`,
    intro: `下のリンクからメールアドレスを確認し、${v.server} への登録を完了してください。`,
    button: "確認して続ける",
    validity: `リンクは ${v.minutes} 分間、1 回だけ使えます。`,
    ignore: "登録した覚えがない場合は、このメールを無視してください。リンクがなければアカウントは作成されません。",
  }),
  push: { newMessage: "新しいメッセージ", file: "ファイルを送信しました" },
};

export default texts;
