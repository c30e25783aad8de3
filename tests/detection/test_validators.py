"""The check digits and shapes of `redactor.detection.validators`: each valid number beside a near miss (one digit
or letter off, a date that does not exist, a prefix no issuer uses). The numbers are made up, built with the
published algorithms (python-stdnum's, ICA's for Singapore's M series)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from redactor.detection.validators import (
    australian_medicare_ok,
    bangladesh_nid_ok,
    cbu_ok,
    chilean_rut_ok,
    cuit_ok,
    hkid_ok,
    korean_business_number_ok,
    korean_rrn_ok,
    mykad_ok,
    nric_ok,
    pakistan_cnic_ok,
    personal_cuit_ok,
    personal_ruc_ok,
    personal_rut_ok,
    phone_score,
    sa_tax_reference_ok,
    saudi_id_ok,
    south_african_id_ok,
    thai_id_ok,
)


@pytest.mark.parametrize(("validator", "valid", "invalid"), [
    # (a wrong Luhn digit; a 13th month; a citizenship digit of 3)
    (south_african_id_ok, ["8805235123084", "8001015009087", "9207140456080"],
     ["8805235123089", "8813405123084", "8805235123384"]),
    # (mod 11 off by one; a first digit of 9 (no holder's kind); twelve digits)
    (thai_id_ok, ["1101700203450", "1-1017-00203-45-0", "3100400087310"],
     ["1101700203451", "9101700203450", "110170020345"]),
    # (Luhn; an id starting with 3)
    (saudi_id_ok, ["1084527314", "2190347852"], ["1084527312", "3190347852"]),
    # (mod 11; no type 99; a check that would be 10 is never issued)
    (cuit_ok, ["20-28774512-6", "27324589177", "27-32458917-7"], ["20-32458917-0", "99-28774512-6", "34307671469"]),
    # (a person's types only: a company's 30 is public; red team 52)
    (personal_cuit_ok, ["20-28774512-6", "27324589177"], ["30-71234569-8", "20-32458917-0"]),
    # (a company's RUT, from 50 million, is public)
    (personal_rut_ok, ["16.482.391-1", "21034117-K"], ["76.543.210-3", "16.482.391-0"]),
    # (a person's Peruvian RUC, 10 and the DNI, with its mod-11 check; a company's, 20, is public)
    (personal_ruc_ok, ["10458712366"], ["10458712365", "20601458973"]),
    # (a Korean company's registration number: its check digit and its 3-2-5 shape)
    (korean_business_number_ok, ["220-87-49137", "124-81-00998"], ["220-87-49138", "2208749137"]),
    # (mod 11 with `K`; one digit repeated)
    (chilean_rut_ok, ["16.482.391-1", "21034117-K", "9.876.543-3", "164823911"],
     ["16.482.391-0", "11.111.111-1", "21034117"]),
    # (the bank block's check; the account's)
    (cbu_ok, ["2850590900090418135203", "0000003110004781125337"],
     ["2850590800090418135203", "2850590900090418135204"]),
    # (S, T, F, G and the M series of 2022, whose letters run the other way; no X series)
    (nric_ok, ["S1234567D", "S8812345Z", "T0234567B", "F2233445W", "G5512387Q", "M1234567K", "M4021763T"],
     ["S1234567A", "M1234567N", "M4021763N", "X1234567D", "S123456D"]),
    # (one letter and two; the check in brackets or not)
    (hkid_ok, ["A123456(3)", "K512387(9)", "AB123456(9)", "Y043218(9)", "A1234563"], ["A123456(4)", "K512387(0)"]),
    # (no check digit: the birth date and the place code; 17 is no place, 13 no month)
    (mykad_ok, ["900523-14-5678", "851107105523"], ["900523-17-5678", "901323-14-5678"]),
    # (the mod-11 check of numbers issued before October 2020; a child born since, or a foreign resident registered
    # since, has random digits instead; a date that does not exist; no sex digit 9)
    (korean_rrn_ok, ["900101-2345670", "201015-3345671", "201015-3345672", "900101-5345671"],
     ["900101-2345671", "200915-3345672", "900230-1345670", "900101-9345670"]),
    # (Luhn; no reference starts with 4)
    (sa_tax_reference_ok, ["0123456782"], ["0123456789", "4123456787"]),
    # (a province 1 to 7; the sex digit is never 0)
    (pakistan_cnic_ok, ["35202-4819273-5", "4210198234562"], ["35202-4819273-0", "85202-4819273-5"]),
    # (ten, thirteen or seventeen digits, the seventeen starting with a birth year)
    (bangladesh_nid_ok, ["4617283950", "1992269481736", "19922694817360412"],
     ["12345678901", "0000000000", "12342269481736041"]),
    # (Australia's Medicare: the ninth digit the weighted sum mod 10, an issue number, a reference number after it;
    # a wrong check; no card starts with 7; no issue 0; nine digits)
    (australian_medicare_ok, ["2123 45670 1", "3951234581", "5987654372/1", "59876543721"],
     ["2123 45671 1", "7123456751", "2123456700", "212345670"]),
])
def test_national_numbers_pass_their_check_and_near_misses_fail(
        validator: Callable[[str], bool], valid: list[str], invalid: list[str]) -> None:
    assert [number for number in valid if not validator(number)] == []
    assert [number for number in invalid if validator(number)] == []


@pytest.mark.parametrize("candidate", ["20-32458917-0", "35202-4819273-5", "34-5678901-2", "784-1987-4521936-5",
                                       "16482391-1"])
def test_an_ids_serial_and_its_check_digit_are_no_phone_number(candidate: str) -> None:
    """Red team 43: a CUIT, a CNIC, an SSS number, an Emirates ID, a RUT written in groups read as phone numbers; no
    numbering plan ends a number with one digit after a long group."""
    assert phone_score(candidate) is None


@pytest.mark.parametrize("candidate", ["020 7946 0958", "+54 9 11 4321-5678", "(415) 555-0132", "+234 803 412 7765"])
def test_phone_numbers_in_groups_still_score(candidate: str) -> None:
    assert phone_score(candidate) is not None
